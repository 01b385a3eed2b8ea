/**
 * A count with its noun in the right number, for every sentence the app writes about how many things there
 * are: `countText(1, 'row')` is "1 row", `countText(2, 'row')` "2 rows", `countText(3, 'entry', 'entries')`
 * "3 entries". Large counts get thousands separators ("1,200 products").
 */
export const countText = (n: number, noun: string, plural = `${noun}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
