export type TImageType = 'image/png' | 'image/jpeg';

export interface TImageInfo {
  type: TImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: the signature, then the IHDR chunk first, holding width and height (big-endian). */
const readPng = (bytes: Buffer): TImageInfo | null => {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { type: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

/** Start-of-frame markers (baseline, progressive, lossless …); C4, C8 and CC share the range but are not frames. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walks the marker segments from SOI to the first start-of-frame, which holds height then width. */
const readJpeg = (bytes: Buffer): TImageInfo | null => {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return null;
    let marker = bytes[pos + 1]!;
    // Fill bytes: any number of 0xFF before the marker.
    while (marker === 0xff && pos + 2 < bytes.length) {
      pos += 1;
      marker = bytes[pos + 1]!;
    }
    pos += 2;
    // Markers without a length: TEM and RST0-7 (SOI/EOI do not appear here in a valid file).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / scan data before any frame
    if (pos + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(pos);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (pos + 7 > bytes.length) return null;
      return { type: 'image/jpeg', height: bytes.readUInt16BE(pos + 3), width: bytes.readUInt16BE(pos + 5) };
    }
    pos += length;
  }
  return null;
};

/**
 * The real type and dimensions of a PNG or JPEG from its header, or null when the bytes are neither (or
 * are cut short, or claim an empty image). The declared content type is never trusted.
 */
export const readImageInfo = (bytes: Buffer): TImageInfo | null => {
  const info = readPng(bytes) ?? readJpeg(bytes);
  return info && info.width > 0 && info.height > 0 ? info : null;
};
