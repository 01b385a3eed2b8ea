/** A URL check that accepts only parseable absolute http(s) URLs with a dotted host. */
export const isAbsoluteUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
};
