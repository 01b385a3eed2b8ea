// The markets each channel sells to: target countries with the content languages and currencies the channel
// accepts there. Google: Merchant Center's "Supported languages and currencies" for free listings and
// Shopping ads (support.google.com/merchants/answer/160637); Microsoft: its Merchant Center markets
// (content languages nl, en, fr, de, it, es, sv and a fixed country list). Meta takes a catalog
// without a target market. Names come from the platform's ICU data.
import type { TChannelKey } from '@feedloom/validation';
import { flagEmoji } from '../../lib/flag';

export interface TMarket {
  country: string;
  languages: readonly string[];
  currencies: readonly string[];
}

const m = (country: string, languages: string, currencies: string): TMarket => ({
  country,
  languages: languages.split(' '),
  currencies: currencies.split(' '),
});

const GOOGLE_MARKETS: readonly TMarket[] = [
  m('AE', 'ar en', 'AED'),
  m('AR', 'es en', 'ARS'),
  m('AT', 'de en', 'EUR'),
  m('AU', 'en', 'AUD'),
  m('BE', 'fr nl de en', 'EUR'),
  m('BR', 'pt en', 'BRL'),
  m('CA', 'en fr', 'CAD'),
  m('CH', 'de fr it en', 'CHF'),
  m('CL', 'es en', 'CLP'),
  m('CO', 'es en', 'COP'),
  m('CZ', 'cs en', 'CZK'),
  m('DE', 'de en', 'EUR'),
  m('DK', 'da en', 'DKK'),
  m('EG', 'ar en', 'EGP'),
  m('ES', 'es en', 'EUR'),
  m('FI', 'fi sv en', 'EUR'),
  m('FR', 'fr en', 'EUR'),
  m('GB', 'en', 'GBP'),
  m('GR', 'el en', 'EUR'),
  m('HK', 'zh en', 'HKD'),
  m('HU', 'hu en', 'HUF'),
  m('ID', 'id en', 'IDR'),
  m('IE', 'en', 'EUR'),
  m('IL', 'he en', 'ILS'),
  m('IN', 'en hi', 'INR'),
  m('IT', 'it en', 'EUR'),
  m('JP', 'ja en', 'JPY'),
  m('KR', 'ko en', 'KRW'),
  m('MX', 'es en', 'MXN'),
  m('MY', 'en ms zh', 'MYR'),
  m('NL', 'nl en', 'EUR'),
  m('NO', 'no en', 'NOK'),
  m('NZ', 'en', 'NZD'),
  m('PE', 'es en', 'PEN'),
  m('PH', 'en', 'PHP'),
  m('PL', 'pl en', 'PLN'),
  m('PT', 'pt en', 'EUR'),
  m('RO', 'ro en', 'RON'),
  m('SA', 'ar en', 'SAR'),
  m('SE', 'sv en', 'SEK'),
  m('SG', 'en zh', 'SGD'),
  m('SK', 'sk en', 'EUR'),
  m('TH', 'th en', 'THB'),
  m('TR', 'tr en', 'TRY'),
  m('TW', 'zh en', 'TWD'),
  m('UA', 'uk en', 'UAH'),
  m('US', 'en es', 'USD'),
  m('VN', 'vi en', 'VND'),
  m('ZA', 'en', 'ZAR'),
];

const MICROSOFT_MARKETS: readonly TMarket[] = [
  m('AT', 'de', 'EUR'),
  m('AU', 'en', 'AUD'),
  m('BE', 'nl fr', 'EUR'),
  m('CA', 'en fr', 'CAD'),
  m('CH', 'de fr it', 'CHF'),
  m('DE', 'de', 'EUR'),
  m('ES', 'es', 'EUR'),
  m('FR', 'fr', 'EUR'),
  m('GB', 'en', 'GBP'),
  m('IE', 'en', 'EUR'),
  m('IN', 'en', 'INR'),
  m('IT', 'it', 'EUR'),
  m('NL', 'nl', 'EUR'),
  m('SE', 'sv', 'SEK'),
  m('US', 'en', 'USD'),
];

/** The markets of a channel; empty for a channel without a target market step (Meta). */
export const marketsOf = (channel: TChannelKey): readonly TMarket[] =>
  channel === 'google' ? GOOGLE_MARKETS : channel === 'bing' ? MICROSOFT_MARKETS : [];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'code' });

export const countryName = (code: string) => regionNames.of(code) ?? code;

const named = (codes: Iterable<string>, names: Intl.DisplayNames) =>
  [...new Set(codes)]
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** What the target market form offers for a channel. */
export const marketChoices = (channel: TChannelKey) => {
  const markets = marketsOf(channel);
  return {
    countries: markets
      .map((x) => ({
        code: x.country,
        name: countryName(x.country),
        flag: flagEmoji(x.country),
        languages: [...x.languages],
        currencies: [...x.currencies],
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en')),
    languages: named(
      markets.flatMap((x) => x.languages),
      languageNames,
    ),
    currencies: named(
      markets.flatMap((x) => x.currencies),
      currencyNames,
    ),
  };
};

/** The currencies a channel accepts (currencies-list?channel), named. */
export const channelCurrencies = (channel: TChannelKey) =>
  named(
    marketsOf(channel).flatMap((x) => x.currencies),
    currencyNames,
  ).map((c) => ({ code: c.code, name: c.name }));
