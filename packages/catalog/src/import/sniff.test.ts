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

  it('names the image formats a photo saved as .csv comes in', () => {
    const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR');
    expect(fileTypeProblem(png)).toBe(FILE_TYPE_MSG.image('PNG'));
    expect(fileTypeProblem(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe(
      FILE_TYPE_MSG.image('JPEG'),
    );
    expect(fileTypeProblem(bytes('GIF89a\x01\x00'))).toBe(FILE_TYPE_MSG.image('GIF'));
    expect(fileTypeProblem(bytes('GIF87a'))).toBe(FILE_TYPE_MSG.image('GIF'));
    expect(fileTypeProblem(bytes([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0]))).toBe(FILE_TYPE_MSG.image('TIFF'));
    expect(fileTypeProblem(bytes([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8]))).toBe(FILE_TYPE_MSG.image('TIFF'));
    expect(FILE_TYPE_MSG.image('PNG')).toBe(
      'This file is an image (PNG), not a CSV. Export your products as CSV and import that.',
    );
    // Headers that merely begin with the same letters are CSV.
    expect(fileTypeProblem(bytes('GIFT_CARD,title,price\nA,Card,5\n'))).toBeNull();
    expect(fileTypeProblem(bytes('PNG_ID,title,price\nA,Card,5\n'))).toBeNull();
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
