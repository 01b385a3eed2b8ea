import { z } from 'zod';

// ISO 4217 active codes with their minor units (fund codes and precious metals left out: nobody prices a
// product in them). Kept as one string so the table stays readable and cheap to load.
const ISO_4217 =
  'AED2 AFN2 ALL2 AMD2 ANG2 AOA2 ARS2 AUD2 AWG2 AZN2 BAM2 BBD2 BDT2 BGN2 BHD3 BIF0 BMD2 BND2 BOB2 BRL2 BSD2 ' +
  'BTN2 BWP2 BYN2 BZD2 CAD2 CDF2 CHF2 CLP0 CNY2 COP2 CRC2 CUP2 CVE2 CZK2 DJF0 DKK2 DOP2 DZD2 EGP2 ERN2 ETB2 ' +
  'EUR2 FJD2 FKP2 GBP2 GEL2 GHS2 GIP2 GMD2 GNF0 GTQ2 GYD2 HKD2 HNL2 HTG2 HUF2 IDR2 ILS2 INR2 IQD3 IRR2 ISK0 ' +
  'JMD2 JOD3 JPY0 KES2 KGS2 KHR2 KMF0 KPW2 KRW0 KWD3 KYD2 KZT2 LAK2 LBP2 LKR2 LRD2 LSL2 LYD3 MAD2 MDL2 MGA2 ' +
  'MKD2 MMK2 MNT2 MOP2 MRU2 MUR2 MVR2 MWK2 MXN2 MYR2 MZN2 NAD2 NGN2 NIO2 NOK2 NPR2 NZD2 OMR3 PAB2 PEN2 PGK2 ' +
  'PHP2 PKR2 PLN2 PYG0 QAR2 RON2 RSD2 RUB2 RWF0 SAR2 SBD2 SCR2 SDG2 SEK2 SGD2 SHP2 SLE2 SLL2 SOS2 SRD2 SSP2 ' +
  'STN2 SVC2 SYP2 SZL2 THB2 TJS2 TMT2 TND3 TOP2 TRY2 TTD2 TWD2 TZS2 UAH2 UGX0 USD2 UYU2 UZS2 VED2 VES2 VND0 ' +
  'VUV0 WST2 XAF0 XCD2 XCG2 XOF0 XPF0 YER2 ZAR2 ZMW2 ZWG2';

/** Currency code → number of decimals (ISO 4217 minor unit). */
export const CURRENCY_DECIMALS: ReadonlyMap<string, number> = new Map(
  ISO_4217.split(' ').map((c) => [c.slice(0, 3), Number(c.slice(3))] as const),
);

export const isIsoCurrency = (code: string): boolean => CURRENCY_DECIMALS.has(code);

/** A price: a decimal amount in a currency. Amounts are numbers; 2–3 decimals survive a double exactly enough. */
export const ZMoneySchema = z.object({ value: z.number(), currency: z.string() });
export type TMoney = z.infer<typeof ZMoneySchema>;

const MONEY_RE = /^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]{3})\s*$/;

/** Parses the feed form `15.00 USD` (no thousands separators, no symbols). Returns null when it is not that. */
export const parseMoney = (text: string): TMoney | null => {
  const m = MONEY_RE.exec(text);
  if (!m || m[1] === undefined || m[2] === undefined) return null;
  return { value: Number(m[1]), currency: m[2].toUpperCase() };
};

const decimalsOf = (currency: string): number => CURRENCY_DECIMALS.get(currency) ?? 2;

/** The amount alone, with the currency's decimals (`15.00`, `1500` for JPY). */
export const formatAmount = (m: TMoney): string => {
  const decimals = decimalsOf(m.currency);
  // Fast path for the usual case (2 decimals, a sane positive amount): integer cents, then a dot.
  if (decimals === 2 && m.value >= 0 && m.value < 1e13) {
    const cents = String(Math.round(m.value * 100));
    if (cents.length > 2) return `${cents.slice(0, -2)}.${cents.slice(-2)}`;
    return cents.length === 2 ? `0.${cents}` : `0.0${cents}`;
  }
  return m.value.toFixed(decimals);
};

/** The feed form of a price: `15.00 USD`. */
export const formatMoney = (m: TMoney): string => `${formatAmount(m)} ${m.currency}`;

/** Merchant API micros (1 unit = 1,000,000 micros) as the decimal string an int64 takes in JSON. */
export const toMicros = (value: number): string => String(Math.round(value * 1_000_000));

/** True when the amount has more decimals than its currency allows (e.g. `9.999 USD`). */
export const hasExcessPrecision = (m: TMoney): boolean => {
  const scaled = m.value * 10 ** decimalsOf(m.currency);
  return Math.abs(scaled - Math.round(scaled)) > 1e-6;
};
