/** The flag emoji of an ISO 3166-1 alpha-2 code, from regional indicator symbols. */
export const flagEmoji = (iso2: string): string =>
  String.fromCodePoint(...[...iso2.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
