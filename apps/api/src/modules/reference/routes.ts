import { contract, COUNTRY_NOT_FOUND_MESSAGE } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TClock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { countries, countryCodes, currencies, languages, statesOf, timezones } from './data';

/** The reference lists of spec §7 (country codes, timezones, languages, currencies, countries, states). */
export const referenceRoutes = (app: FastifyInstance, deps: { clock: TClock }) => {
  const c = contract.reference;
  // Offsets move with daylight saving (on the hour), so the list is rebuilt once an hour, not per request.
  let zones: { hour: number; list: ReturnType<typeof timezones> } | null = null;
  const currentZones = () => {
    const hour = Math.floor(deps.clock.now().getTime() / 3_600_000);
    if (zones?.hour !== hour) zones = { hour, list: timezones(deps.clock.now()) };
    return zones.list;
  };

  route(app, c.countryCodes, async () => countryCodes());
  route(app, c.timezones, async () => currentZones());
  route(app, c.languages, async () => languages());
  // Every channel accepts any ISO 4217 currency the platform can name; `channel` is accepted for the spec's call.
  route(app, c.currencies, async () => currencies());
  route(app, c.countries, async () => countries());
  route(app, c.states, async ({ params }) => {
    const states = statesOf(params.id);
    if (!states) throw notFound(COUNTRY_NOT_FOUND_MESSAGE);
    return states;
  });
};
