import { describe, expect, it } from 'vitest';
import { bytesOfText, openCsv } from './pipeline';
import { FILE_TYPE_MSG, fileTypeProblem } from './sniff';

// Files that are not CSV at all are named for what they are, from their first bytes; CSV text in any of the
// encodings the import reads is not mistaken for one of them.

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('fileTypeProblem', () => {
  it('names workbooks, archives, PDFs, web pages and XML feeds', () => {
    expect(fileTypeProblem(bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0], '[Content_Types].xml'))).toBe(
      FILE_TYPE_MSG.zip,
    );
    expect(fileTypeProblem(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe(
      FILE_TYPE_MSG.xls,
    );
    expect(fileTypeProblem(bytes('%PDF-1.7\n%\xe2\xe3'))).toBe(FILE_TYPE_MSG.pdf);
    expect(fileTypeProblem(bytes([0x1f, 0x8b, 8, 0]))).toBe(FILE_TYPE_MSG.gzip);
    expect(fileTypeProblem(bytes('\xef\xbb\xbf\r\n  <!DOCTYPE html><html lang="en"><head>'))).toBe(
      FILE_TYPE_MSG.html,
    );
    expect(fileTypeProblem(bytes('<html><body>Sign in</body></html>'))).toBe(FILE_TYPE_MSG.html);
    expect(fileTypeProblem(bytes('<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0">'))).toBe(
      FILE_TYPE_MSG.xml,
    );
  });

  it('takes CSV text in UTF-8, Windows-1252 and UTF-16 (with or without a byte order mark) for what it is', () => {
    const csv = 'id,title,price\nA,<b>Bold</b> tee,1\n';
    expect(fileTypeProblem(bytes(csv))).toBeNull();
    expect(fileTypeProblem(bytes('\xef\xbb\xbf' + csv))).toBeNull();
    expect(fileTypeProblem(bytes('id;title;price\nA;Caf\xe9;1\n'))).toBeNull();
    expect(
      fileTypeProblem(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')])),
    ).toBeNull();
    expect(fileTypeProblem(Buffer.from('<html>,b\n1,2\n', 'utf16le'))).toBeNull();
    expect(fileTypeProblem(bytes('id,title\nA,Stray\0NUL\n'))).toBeNull();
    expect(fileTypeProblem(new Uint8Array(0))).toBeNull();
  });

  it('is what openCsv reports as the file’s problem', async () => {
    expect((await openCsv(bytesOfText('<!doctype html>\n<p>Not found</p>\n'))).problem).toBe(
      FILE_TYPE_MSG.html,
    );
    expect((await openCsv(bytesOfText('id,title,price\nA,Alpha,1\n'))).problem).toBeNull();
  });
});
