// The import benchmarks' CSV: a generated Google-format catalogue (the demo catalogue's generator: apparel
// with variants, electronics with GTINs, ~520 bytes a row), cut at a number of data rows; and the same
// catalogue as a Google XML feed (RSS 2.0, one g: element per non-empty cell).
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { CsvParser, escapeXml, generateDemoCatalogue, GOOGLE_NS, type TCsvRow } from '@feedloom/catalog';

/** The CSV: header plus the first `rows` data rows of a generated demo catalogue large enough. */
export const writeCsv = (file: string, rows: number) => writeFileSync(file, csvText(rows));

/** The same rows as an RSS 2.0 feed with the g: namespace, written a piece at a time. */
export const writeXml = (file: string, rows: number) => {
  const fd = openSync(file, 'w');
  try {
    writeSync(
      fd,
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss xmlns:g="${GOOGLE_NS}" version="2.0">\n<channel>\n`,
    );
    let headers: string[] | undefined;
    let piece = '';
    const emit = (row: TCsvRow) => {
      if (!headers) {
        headers = row.cells;
        return;
      }
      let item = '<item>';
      row.cells.forEach((cell, i) => {
        const name = headers![i];
        if (cell !== '' && name) item += `<g:${name}>${escapeXml(cell)}</g:${name}>`;
      });
      piece += `${item}</item>\n`;
      if (piece.length >= 1024 * 1024) {
        writeSync(fd, piece);
        piece = '';
      }
    };
    const parser = new CsvParser({ delimiter: ',' });
    parser.push(csvText(rows), emit);
    parser.end(emit);
    writeSync(fd, `${piece}</channel>\n</rss>\n`);
  } finally {
    closeSync(fd);
  }
};

const csvText = (rows: number): string => {
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
  return text.slice(0, end);
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
