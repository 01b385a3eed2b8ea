// Test-only: real PNG and JPEG files, and the broken or lying ones an upload must refuse.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

const ihdr = (width: number, height: number) => {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return chunk('IHDR', data);
};

/** A complete, valid PNG of the given size (black pixels). */
export const pngImage = (width: number, height: number): Buffer =>
  Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height),
    chunk('IDAT', deflateSync(Buffer.alloc(height * (1 + width * 3)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);

/** The 33 bytes of a PNG signature and header claiming `width` x `height`, with no pixels at all. */
export const pngHeaderOnly = (width: number, height: number): Buffer =>
  Buffer.concat([PNG_SIGNATURE, ihdr(width, height)]);

/** A well-formed PNG whose header claims `width` x `height` but whose data holds one row: tiny, yet huge. */
export const pngClaiming = (width: number, height: number): Buffer =>
  Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);

/** A complete, valid JPEG of the given size. */
export const jpegImage = (width: number, height: number, opts: { progressive?: boolean } = {}) =>
  sharp({ create: { width, height, channels: 3, background: '#195279' } })
    .jpeg({ progressive: opts.progressive ?? false })
    .toBuffer();

/** The markers of a JPEG up to its start-of-frame, stating `width` x `height`, and no image data. */
export const jpegHeaderOnly = (width: number, height: number): Buffer => {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc0, 0x00, 0x11, 8]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  sof.set([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], 9);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
};
