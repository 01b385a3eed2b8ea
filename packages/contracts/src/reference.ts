import { ZTextSchema } from '@feedloom/validation';
import { z } from 'zod';
import { endpoint, USER } from './endpoint';

export const COUNTRY_NOT_FOUND_MESSAGE = 'Country not found';

/** Country code entry: name, flag, dialling code (plus the ISO code that keys it). */
export const ZCountryCodeSchema = z.object({
  iso2: z.string(),
  country_name: z.string(),
  country_flag: z.string(),
  dialing_code: z.string(),
});
export type TCountryCode = z.infer<typeof ZCountryCodeSchema>;

export const ZTimezoneSchema = z.object({
  name: z.string(),
  /** '+05:30' today (offsets move with daylight saving). */
  utc_offset: z.string(),
  label: z.string(),
});
export type TTimezone = z.infer<typeof ZTimezoneSchema>;

export const ZLanguageSchema = z.object({ id: z.string(), name: z.string() });
export type TLanguage = z.infer<typeof ZLanguageSchema>;

export const ZCurrencySchema = z.object({ code: z.string(), name: z.string() });
export type TCurrency = z.infer<typeof ZCurrencySchema>;

export const ZCountrySchema = z.object({ id: z.string(), name: z.string() });
export type TCountry = z.infer<typeof ZCountrySchema>;

export const ZCurrenciesQuerySchema = z.object({
  channel: z.enum(['google', 'bing', 'microsoft', 'facebook']).optional(),
});

/** Reference lists built from maintained datasets and the platform's ICU data (never typed by hand). */
export const referenceContract = {
  countryCodes: endpoint({
    method: 'GET',
    path: '/country-codes',
    access: USER,
    response: z.array(ZCountryCodeSchema),
  }),
  timezones: endpoint({
    method: 'GET',
    path: '/timezone-list',
    access: USER,
    response: z.array(ZTimezoneSchema),
  }),
  languages: endpoint({
    method: 'GET',
    path: '/language-list',
    access: USER,
    response: z.array(ZLanguageSchema),
  }),
  currencies: endpoint({
    method: 'GET',
    path: '/currencies-list',
    access: USER,
    query: ZCurrenciesQuerySchema,
    response: z.array(ZCurrencySchema),
  }),
  countries: endpoint({
    method: 'GET',
    path: '/countries',
    access: USER,
    response: z.array(ZCountrySchema),
  }),
  states: endpoint({
    method: 'GET',
    path: '/countries/:id/states',
    access: USER,
    params: z.object({ id: ZTextSchema({ label: 'Country', min: 1, max: 10 }) }),
    response: z.array(ZCountrySchema),
  }),
} as const;
