// Reference lists behind /country-codes, /timezone-list, /language-list, /currencies-list and
// /countries/{id}/states, built from maintained datasets (libphonenumber-js metadata, country-region-data)
// and the platform's ICU data (Intl), never typed by hand. Each list is computed once per process.
import allCountries from 'country-region-data/data.json' with { type: 'json' };
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { flagEmoji } from '../../lib/flag';

export interface TCountryCode {
  iso2: string;
  country_name: string;
  country_flag: string;
  dialing_code: string;
}
export interface TTimezone {
  name: string;
  utc_offset: string;
  label: string;
}
export interface TLanguage {
  id: string;
  name: string;
}
export interface TCurrency {
  code: string;
  name: string;
}
export interface TCountry {
  id: string;
  name: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' });

const lazy = <T>(build: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= build());
};

const byName = <T extends { name?: string; country_name?: string }>(a: T, b: T) =>
  (a.name ?? a.country_name ?? '').localeCompare(b.name ?? b.country_name ?? '', 'en');

export const countryCodes = lazy((): TCountryCode[] =>
  getCountries()
    .map((iso2) => ({
      iso2,
      country_name: regionNames.of(iso2) ?? iso2,
      country_flag: flagEmoji(iso2),
      dialing_code: `+${getCountryCallingCode(iso2)}`,
    }))
    .sort(byName),
);

/** '+05:30' style offset of a zone at `at` (offsets move with daylight saving). */
export const utcOffsetOf = (timeZone: string, at: Date = new Date()): string => {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(part ?? '');
  return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
};

const offsetMinutes = (offset: string) => {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h, m] = offset.slice(1).split(':').map(Number);
  return sign * ((h ?? 0) * 60 + (m ?? 0));
};

// ICU keeps some zones under their pre-rename ids; list them by the current IANA name (tzdata 'backward').
const RENAMED_ZONES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Enderbury': 'Pacific/Kanton',
};

export const timezones = (at: Date = new Date()): TTimezone[] =>
  [...Intl.supportedValuesOf('timeZone'), 'UTC']
    .map((name) => RENAMED_ZONES[name] ?? name)
    .filter((name, i, all) => all.indexOf(name) === i)
    .map((name) => {
      const utc_offset = utcOffsetOf(name, at);
      return { name, utc_offset, label: `(UTC${utc_offset}) ${name.replaceAll('_', ' ')}` };
    })
    .sort(
      (a, b) => offsetMinutes(a.utc_offset) - offsetMinutes(b.utc_offset) || a.name.localeCompare(b.name),
    );

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** ISO 639-1 languages the platform can name. */
export const languages = lazy((): TLanguage[] => {
  const out: TLanguage[] = [];
  for (const a of LETTERS)
    for (const b of LETTERS) {
      const id = a + b;
      const name = languageNames.of(id);
      if (name && name !== id) out.push({ id, name });
    }
  return out.sort(byName);
});

export const currencies = lazy((): TCurrency[] =>
  Intl.supportedValuesOf('currency')
    .map((code) => ({ code, name: currencyNames.of(code) ?? code }))
    .filter((c) => c.name !== c.code)
    .sort((a, b) => a.code.localeCompare(b.code)),
);

export const countries = lazy((): TCountry[] =>
  allCountries.map((c) => ({ id: c.countryShortCode, name: c.countryName })).sort(byName),
);

const regionsByCountry = lazy(
  () =>
    new Map(
      allCountries.map((c) => [
        c.countryShortCode,
        c.regions.map((r) => ({ id: r.shortCode ?? r.name, name: r.name })).sort(byName),
      ]),
    ),
);

/** States/provinces of a country (ISO 3166-1 alpha-2), or undefined for an unknown country. */
export const statesOf = (countryId: string): TCountry[] | undefined =>
  regionsByCountry().get(countryId.toUpperCase());
