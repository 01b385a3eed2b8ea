import { useMemo, type ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { useCountryCodes } from './use-reference-lists';

/** One option per dialling code, named after the countries that share it ('+1 · Canada, United States +…'). */
export function usePhoneCodeOptions() {
  const codes = useCountryCodes();
  const options = useMemo(() => {
    const byCode = new Map<string, string[]>();
    for (const entry of codes.data ?? []) {
      byCode.set(entry.dialing_code, [...(byCode.get(entry.dialing_code) ?? []), entry.country_name]);
    }
    return [...byCode.entries()]
      .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))
      .map(([code, names]) => ({
        value: code,
        label: `${code} · ${names.slice(0, 2).join(', ')}${names.length > 2 ? ` +${names.length - 2}` : ''}`,
      }));
  }, [codes.data]);
  return { options, isPending: codes.isPending };
}

/** Dialling code select; keeps a value the list does not know (so a saved code always shows). */
export function PhoneCodeSelect({
  value,
  ...props
}: ComponentProps<typeof NativeSelect> & { value: string }) {
  const { options } = usePhoneCodeOptions();
  const known = options.some((o) => o.value === value);
  return (
    <NativeSelect value={value} {...props}>
      {!known && value ? <option value={value}>{value}</option> : null}
      {!value ? <option value="">Code</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );
}
