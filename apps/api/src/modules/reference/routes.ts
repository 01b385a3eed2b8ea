import { contract, COUNTRY_NOT_FOUND_MESSAGE } from '@feedloom/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TClock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { channelCurrencies } from '../channels/markets';
import { countries, countryCodes, currencies, languages, statesOf, timezones } from './data';

/** The reference lists (country codes, timezones, languages, currencies, countries, states). */
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
  // With a channel: the currencies it accepts in the markets it sells to (Meta, without markets: all of them).
  route(app, c.currencies, async ({ query }) => {
    const channel = query.channel === 'microsoft' ? 'bing' : query.channel;
    const accepted = channel ? channelCurrencies(channel) : [];
    return accepted.length > 0 ? accepted : currencies();
  });
  route(app, c.countries, async () => countries());
  route(app, c.states, async ({ params }) => {
    const states = statesOf(params.id);
    if (!states) throw notFound(COUNTRY_NOT_FOUND_MESSAGE);
    return states;
  });
};
