import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { TCsvRow, TDelimiter } from './csv';
import { CsvParser, detectDelimiter, readCsv } from './csv';
import type { TEncoding } from './encoding';
import { decode, decodeWindows1252, sniffEncoding } from './encoding';
import { openCsv } from './pipeline';

// Encoding sniffing, delimiter detection and the CSV reader, on the fixtures and on files built here.

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const collect = async (gen: AsyncIterable<string>): Promise<string> => {
  let out = '';
  for await (const s of gen) out += s;
  return out;
};

/** The bytes in chunks of `size` (1 byte exercises every split point). */
function* chunks(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

const decodeAll = async (bytes: Uint8Array, size = 1 << 16) => {
  let encoding: TEncoding | undefined;
  const text = await collect(decode(chunks(bytes, size), { onEncoding: (e) => (encoding = e) }));
  return { text, encoding };
};

const utf16 = (text: string, endian: 'le' | 'be', bom: boolean): Uint8Array => {
  const out = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const units = bom ? `\uFEFF${text}` : text;
  for (let i = 0; i < units.length; i++) {
    const u = units.charCodeAt(i);
    const [hi, lo] = [u >> 8, u & 0xff];
    out[i * 2] = endian === 'le' ? lo : hi;
    out[i * 2 + 1] = endian === 'le' ? hi : lo;
  }
  return out;
};

/** Windows-1252 bytes of text made of ASCII plus the characters below. */
const CP1252: Record<string, number> = {
  é: 0xe9,
  è: 0xe8,
  '€': 0x80,
  ü: 0xfc,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  ß: 0xdf,
};
const cp1252 = (text: string): Uint8Array =>
  Uint8Array.from([...text].map((c) => CP1252[c] ?? (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : 0x3f)));

describe('encoding', () => {
  it('sniffs byte order marks and the UTF-16 NUL pattern', () => {
    expect(sniffEncoding(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41))).toEqual({ encoding: 'utf-8', bom: 3 });
    expect(sniffEncoding(Uint8Array.of(0xff, 0xfe, 0x41, 0))).toEqual({ encoding: 'utf-16le', bom: 2 });
    expect(sniffEncoding(Uint8Array.of(0xfe, 0xff, 0, 0x41))).toEqual({ encoding: 'utf-16be', bom: 2 });
    expect(sniffEncoding(utf16('id\ttitle\n', 'le', false))).toEqual({ encoding: 'utf-16le', bom: 0 });
    expect(sniffEncoding(utf16('id\ttitle\n', 'be', false))).toEqual({ encoding: 'utf-16be', bom: 0 });
    expect(sniffEncoding(new TextEncoder().encode('id,title\n'))).toEqual({ encoding: undefined, bom: 0 });
  });

  it('reads UTF-8 with a BOM, without the BOM in the text, even one byte at a time', async () => {
    const bytes = fixture('google-semicolon-bom.csv');
    for (const size of [1, 7, 1 << 16]) {
      const { text, encoding } = await decodeAll(bytes, size);
      expect(encoding).toBe('utf-8');
      expect(text.startsWith('G:ID;')).toBe(true);
      expect(text).toContain('Café crème Tasse;Große Tasse für Café – 0,3 l');
    }
  });

  it('reads a UTF-16 LE tab-delimited file with and without BOM, and UTF-16 BE', async () => {
    const text = 'id\ttitle\tprice\r\nM-1\tMüller Tasse ☕\t9.99 EUR\r\n';
    for (const [bytes, expected] of [
      [utf16(text, 'le', true), 'utf-16le'],
      [utf16(text, 'le', false), 'utf-16le'],
      [utf16(text, 'be', true), 'utf-16be'],
    ] as const) {
      for (const size of [1, 3, 1 << 16]) {
        const got = await decodeAll(bytes, size);
        expect(got).toEqual({ text, encoding: expected });
      }
    }
  });

  it('reads Windows-1252 (é, €, curly quotes) when the bytes are not UTF-8', async () => {
    const text = 'id,title,price\nCAFE,Café “crème” l’été,4,50 €\n';
    const { text: got, encoding } = await decodeAll(cp1252(text), 5);
    expect(encoding).toBe('windows-1252');
    expect(got).toBe(text);
  });

  it('decides on the first non-ASCII byte, however late it comes', async () => {
    const ascii = `id,title\n${'A,plain ascii row\n'.repeat(10_000)}`;
    const latin = cp1252(`${ascii}B,Crème brûlée €\n`.replace('û', 'u'));
    expect((await decodeAll(latin, 4096)).text).toBe(`${ascii}B,Crème brulée €\n`);
    expect((await decodeAll(latin, 4096)).encoding).toBe('windows-1252');
    const utf8 = new TextEncoder().encode(`${ascii}B,Crème brûlée €\n`);
    expect(await decodeAll(utf8, 4096)).toEqual({ text: `${ascii}B,Crème brûlée €\n`, encoding: 'utf-8' });
    // An all-ASCII file reads as UTF-8.
    expect((await decodeAll(new TextEncoder().encode('a,b\n1,2\n'), 2)).encoding).toBe('utf-8');
  });

  it('maps every Windows-1252 byte 0x80-0x9F as the WHATWG index does', () => {
    const all = decodeWindows1252(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i));
    expect(all[0]).toBe('€');
    expect(all[0x12]).toBe('’');
    expect(all[0x1f]).toBe('Ÿ');
    expect(all.charCodeAt(1)).toBe(0x81); // unassigned: the C1 control itself
  });
});

describe('detectDelimiter', () => {
  it.each<[string, TDelimiter]>([
    ['id,title,price\n1,a,2\n', ','],
    ['id;title;price\n1;"a, b";2,50\n', ';'],
    ['id\ttitle\tprice\n1\ta, b; c\t2\n', '\t'],
    ['id|title|price\n1|a,b|2\n', '|'],
    ['title\nOne\nTwo\n', ','],
    ['"a;b",c,d\n"x;y",1,2\n', ','],
  ])('%j → %j', (sample, expected) => {
    expect(detectDelimiter(sample)).toBe(expected);
  });

  it('prefers the delimiter that splits lines consistently', () => {
    // Commas appear in the values, semicolons split every line into 3.
    expect(detectDelimiter('id;title;price\n1;Tee, black, S;12,50\n2;Mug;3,00\n')).toBe(';');
  });
});

const parseAll = (text: string, delimiter: TDelimiter, size = text.length): TCsvRow[] => {
  const parser = new CsvParser({ delimiter });
  const rows: TCsvRow[] = [];
  const emit = (r: TCsvRow) => rows.push(r);
  for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size), emit);
  parser.end(emit);
  return rows;
};

describe('CSV reader', () => {
  const edge = fixture('edge-cases.csv').toString('utf8');

  it('handles quoted line breaks, doubled quotes, CRLF, blank lines, ragged rows and stray quotes', () => {
    expect(parseAll(edge, ',')).toEqual([
      { row_number: 1, cells: ['id', 'title', 'price', 'description'] },
      { row_number: 2, cells: ['E1', 'Multi\r\nline title', '10.00 USD', 'He said "hi", then left'] },
      // row 3 is blank
      { row_number: 4, cells: ['E2', 'Short row', '5 USD'] },
      // row 5 is only delimiters
      { row_number: 6, cells: ['E3', 'Long row', '7 USD', 'desc', 'EXTRA'] },
      // row 7 is spaces
      { row_number: 8, cells: ['E4', '12" screen', '9 USD', 'a "quoted" word'] },
      { row_number: 9, cells: ['E5', 'Trailing', '3 USD', '', ''] },
      { row_number: 10, cells: ['E6', 'No newline at end', '4 USD', 'last'] },
    ]);
  });

  it('gives the same rows whatever the chunk boundaries', () => {
    const whole = parseAll(edge, ',');
    for (const size of [1, 2, 3, 5, 8, 13]) expect(parseAll(edge, ',', size)).toEqual(whole);
  });

  it('reads what csv-parse reads on well-formed files, any delimiter', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pieces = ['a', 'Zoë', '12.5', ' spaced ', '"', ',', ';', '\t', '|', '\n', '\r\n', '€', '🧀', ''];
    for (const delimiter of [',', ';', '\t', '|'] as const) {
      for (let file = 0; file < 20; file++) {
        const records = Array.from({ length: 1 + Math.floor(rnd() * 8) }, () =>
          Array.from({ length: 4 }, () =>
            Array.from(
              { length: Math.floor(rnd() * 4) },
              () => pieces[Math.floor(rnd() * pieces.length)],
            ).join(''),
          ),
        );
        // Quote every cell: RFC 4180 as a writer would produce it.
        const text = records
          .map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(delimiter))
          .join(rnd() < 0.5 ? '\n' : '\r\n');
        const expected = parseCsv(text, {
          delimiter,
          relax_column_count: true,
          skip_empty_lines: false,
        }) as string[][];
        const got = parseAll(text, delimiter, 1 + Math.floor(rnd() * 7)).map((r) => r.cells);
        // We leave out rows whose cells are all empty; csv-parse keeps them.
        expect(got).toEqual(expected.filter((r) => r.some((c) => c.trim() !== '')));
      }
    }
  });

  // Pinned from the character-by-character reader this one replaced: unquoted fields ending at a lone CR, a
  // CRLF or the end, stray quotes in plain and quoted fields, doubled quotes, empty quoted cells, every delimiter.
  const tricky: [string, TDelimiter, unknown[]][] = [
    [
      "a,b,c\rd,\"e\r\nf\",g\r\n\r\nh,i\"j,k\"\"\n\"l\"x,\"m\"\"n\"o,p\r",
      ",",
      [
        { row_number: 1, cells: ["a", "b", "c"] },
        { row_number: 2, cells: ["d", "e\r\nf", "g"] },
        { row_number: 4, cells: ["h", "i\"j", "k\"\""] },
        { row_number: 5, cells: ["l\"x", "m\"n\"o", "p"] },
      ],
    ],
    [
      "x|y|z\n1|\"2|3\"|4|5\n6\r\n\"7\"\" \"|8\n  |  \n||\n9|10",
      "|",
      [
        { row_number: 1, cells: ["x", "y", "z"] },
        { row_number: 2, cells: ["1", "2|3", "4", "5"] },
        { row_number: 3, cells: ["6"] },
        { row_number: 4, cells: ["7\" ", "8"] },
        { row_number: 7, cells: ["9", "10"] },
      ],
    ],
    [
      "k;v\n\"unterminated \"\" ok\";z\n\"a\"\"b\";\"c\"d\"e;f\"\n;\"\";\n\"end",
      ";",
      [
        { row_number: 1, cells: ["k", "v"] },
        { row_number: 2, cells: ["unterminated \" ok", "z"] },
        { row_number: 3, cells: ["a\"b", "c\"d\"e", "f\""] },
        { row_number: 5, cells: ["end"], problem: expect.stringContaining('not closed') },
      ],
    ],
    [
      "t\tu\n\"q\tr\"\t\t\n\t\"s\"\"\n\"x\ty",
      "\t",
      [
        { row_number: 1, cells: ["t", "u"] },
        { row_number: 2, cells: ["q\tr", "", ""] },
        { row_number: 3, cells: ["", "s\"\n\"x", "y"] },
      ],
    ],
  ];

  it('reads tricky mixes of plain, quoted and stray-quoted fields as before, at any chunk size', () => {
    for (const [text, delimiter, expected] of tricky) {
      for (const size of [text.length, 1, 2, 3, 4, 5, 7]) expect(parseAll(text, delimiter, size)).toEqual(expected);
    }
  });

  it('reports an unclosed quote instead of losing the file silently', () => {
    const rows = parseAll('id,title\n1,"never closed\n2,next\n', ',');
    expect(rows.at(-1)).toMatchObject({ row_number: 2, problem: expect.stringContaining('not closed') });
  });

  it('gives up on a runaway quoted value after the limit and reads on from the next line', () => {
    const parser = new CsvParser({ delimiter: ',', maxFieldLength: 10 });
    const rows: TCsvRow[] = [];
    parser.push('id,title\n1,"0123456789ABCDEF\n2,ok\n', (r) => rows.push(r));
    parser.end((r) => rows.push(r));
    expect(rows[1]?.problem).toContain('longer than 10 characters');
    expect(rows[2]).toEqual({ row_number: 3, cells: ['2', 'ok'] });
  });

  it('streams rows from text chunks', async () => {
    const rows: TCsvRow[] = [];
    for await (const r of readCsv(['a,b\n1,', '2\n3,4'], { delimiter: ',' })) rows.push(r);
    expect(rows.map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('opens a file: encoding, delimiter, header and data rows', async () => {
    const file = await openCsv(chunks(fixture('google-semicolon-bom.csv'), 16));
    expect(file.delimiter).toBe(';');
    expect(file.headers[0]).toBe('G:ID');
    const rows: TCsvRow[] = [];
    for await (const r of file.rows) rows.push(r);
    expect(file.encoding).toBe('utf-8');
    expect(rows.map((r) => r.row_number)).toEqual([2, 3]);
    expect(rows[1]?.cells[2]).toBe('Zwei Tassen; zwei Untertassen');
  });
});
