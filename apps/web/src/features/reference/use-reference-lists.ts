import { trpc } from '@/lib/trpc';

// Reference lists change with a deploy, not within a visit: fetched once per page load.
const ONCE = { staleTime: Infinity, gcTime: Infinity } as const;

/** Dialling codes with country names and flags. */
export function useCountryCodes() {
  return trpc.reference.countryCodes.useQuery(undefined, ONCE);
}

/** IANA zones with today's UTC offset and a label like '(UTC+05:30) Asia/Kolkata'. */
export function useTimezones() {
  return trpc.reference.timezones.useQuery(undefined, ONCE);
}

/** The currencies list (`currencies-list`). */
export function useCurrencies() {
  return trpc.reference.currencies.useQuery(undefined, ONCE);
}

export function useCountries() {
  return trpc.reference.countries.useQuery(undefined, ONCE);
}

/** States/provinces of a country (`/countries/{id}/states`); nothing while no country is chosen. */
export function useStates(countryId: string | undefined) {
  return trpc.reference.states.useQuery(
    { country_id: countryId ?? '' },
    { ...ONCE, enabled: Boolean(countryId) },
  );
}
