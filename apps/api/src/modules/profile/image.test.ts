import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegHeaderOnly, jpegImage, pngClaiming, pngHeaderOnly, pngImage } from '../../test/images';
import { checkImage } from './image';

const LIMITS = { maxSide: 8000, maxPixels: 40_000_000 };

describe('checkImage', () => {
  it('decodes real PNG and JPEG files and reads their type and size from the file', async () => {
    expect(await checkImage(pngImage(640, 480), LIMITS)).toEqual({
      ok: true,
      info: { type: 'image/png', width: 640, height: 480 },
    });
    expect(await checkImage(await jpegImage(500, 300), LIMITS)).toEqual({
      ok: true,
      info: { type: 'image/jpeg', width: 500, height: 300 },
    });
    expect(await checkImage(await jpegImage(1200, 900, { progressive: true }), LIMITS)).toMatchObject({
      ok: true,
      info: { width: 1200, height: 900 },
    });
  });

  it('refuses a 33-byte header-only PNG claiming 5000 x 5000, and a header-only JPEG', async () => {
    const header = pngHeaderOnly(5000, 5000);
    expect(header).toHaveLength(33);
    expect(await checkImage(header, LIMITS)).toEqual({ ok: false, reason: 'undecodable' });
    expect(await checkImage(jpegHeaderOnly(500, 500), LIMITS)).toEqual({ ok: false, reason: 'undecodable' });
  });

  it('refuses truncated and corrupt files', async () => {
    const png = pngImage(200, 200);
    expect(await checkImage(png.subarray(0, png.length - 40), LIMITS)).toEqual({
      ok: false,
      reason: 'undecodable',
    });
    const corrupt = Buffer.from(png);
    corrupt[60] = corrupt[60]! ^ 0xff; // inside IDAT: the chunk's CRC no longer matches
    expect(await checkImage(corrupt, LIMITS)).toEqual({ ok: false, reason: 'undecodable' });
    const jpeg = await jpegImage(300, 300);
    expect(await checkImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)), LIMITS)).toEqual({
      ok: false,
      reason: 'undecodable',
    });
  });

  it('refuses a small file claiming a huge image from its header, before decoding it', async () => {
    const started = Date.now();
    expect(await checkImage(pngClaiming(7000, 7000), LIMITS)).toEqual({
      ok: false,
      reason: 'too-many-pixels',
    });
    expect(await checkImage(pngClaiming(9000, 10), LIMITS)).toEqual({ ok: false, reason: 'too-wide' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses everything that is not PNG or JPEG, whatever it decodes as elsewhere', async () => {
    const tiny = { create: { width: 4, height: 4, channels: 3 as const, background: '#fff' } };
    for (const bytes of [
      await sharp(tiny).gif().toBuffer(),
      await sharp(tiny).webp().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'),
      Buffer.from('definitely not a picture'),
      Buffer.alloc(0),
    ]) {
      expect(await checkImage(bytes, LIMITS)).toEqual({ ok: false, reason: 'undecodable' });
    }
  });
});
