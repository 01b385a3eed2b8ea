import { describe, expect, it } from 'vitest';
import { readImageInfo } from './image';
import { jpegHeader, pngHeader } from '../../test/images';

describe('readImageInfo', () => {
  it('reads PNG dimensions from IHDR', () => {
    expect(readImageInfo(pngHeader(640, 480))).toEqual({ type: 'image/png', width: 640, height: 480 });
  });

  it('reads JPEG dimensions from the first start-of-frame, past other segments', () => {
    expect(readImageInfo(jpegHeader(500, 300))).toEqual({ type: 'image/jpeg', width: 500, height: 300 });
    expect(readImageInfo(jpegHeader(1200, 900, { progressive: true }))).toEqual({
      type: 'image/jpeg',
      width: 1200,
      height: 900,
    });
  });

  it('refuses anything else, truncated files and empty images', () => {
    expect(readImageInfo(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(readImageInfo(Buffer.from('not an image at all'))).toBeNull();
    expect(readImageInfo(pngHeader(10, 10).subarray(0, 20))).toBeNull();
    expect(readImageInfo(jpegHeader(10, 10).subarray(0, 12))).toBeNull();
    expect(readImageInfo(pngHeader(0, 10))).toBeNull();
    expect(readImageInfo(Buffer.alloc(0))).toBeNull();
  });
});
