// The import benchmarks' CSV: a generated Google-format catalogue (the demo catalogue's generator: apparel
// with variants, electronics with GTINs, ~520 bytes a row), cut at a number of data rows.
import { writeFileSync } from 'node:fs';
import { generateDemoCatalogue } from '@feedloom/catalog';

/** The CSV: header plus the first `rows` data rows of a generated demo catalogue large enough. */
export const writeCsv = (file: string, rows: number) => {
  // The generator makes ~2.5 rows per product; ask for enough and cut at `rows`.
  const text = generateDemoCatalogue({
    seed: 7,
    count: Math.ceil(rows / 2.3) + 10,
    shopUrl: 'https://bench-store.example',
    currency: 'USD',
  });
  let end = 0;
  for (let i = 0; i <= rows; i++) {
    const next = nextRowEnd(text, end);
    if (next < 0) throw new Error(`the generator gave fewer than ${rows} rows`);
    end = next;
  }
  writeFileSync(file, text.slice(0, end));
};

/** The index just past the row that starts at `from` (quoted newlines stay inside the row). */
const nextRowEnd = (text: string, from: number): number => {
  let quoted = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 10 && !quoted) return i + 1;
  }
  return -1;
};
