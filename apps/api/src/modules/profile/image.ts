import sharp, { type Metadata } from 'sharp';

// The api only checks uploads: nothing is resized or shown here, so libvips keeps no decoded images.
sharp.cache(false);

export type TImageType = 'image/png' | 'image/jpeg';

export interface TImageInfo {
  type: TImageType;
  width: number;
  height: number;
}

export interface TImageLimits {
  /** Widest and tallest accepted, in pixels. */
  maxSide: number;
  /** Most pixels accepted (width x height): a decompression bomb is refused from its header. */
  maxPixels: number;
}

export type TImageCheck =
  { ok: true; info: TImageInfo } | { ok: false; reason: 'undecodable' | 'too-wide' | 'too-many-pixels' };

const TYPES: Record<string, TImageType> = { png: 'image/png', jpeg: 'image/jpeg' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** Only PNG and JPEG reach the decoder: libvips never gets to try its other loaders (SVG, TIFF, HEIF …). */
const looksLikePngOrJpeg = (bytes: Buffer) =>
  bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE) ||
  bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE);

/**
 * Decodes a picture the way a browser would before it is accepted: the header must name a PNG or JPEG of
 * sensible dimensions (checked before any pixel is decoded, so a small file claiming a huge image costs
 * nothing), then every pixel must decode, so a header-only, truncated or corrupt file is refused.
 * The declared content type is never trusted.
 */
export const checkImage = async (bytes: Buffer, limits: TImageLimits): Promise<TImageCheck> => {
  if (!looksLikePngOrJpeg(bytes)) return { ok: false, reason: 'undecodable' };
  let header: Metadata;
  try {
    header = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'undecodable' };
  }
  const type = header.format ? TYPES[header.format] : undefined;
  const { width, height } = header;
  if (!type || !width || !height) return { ok: false, reason: 'undecodable' };
  if (width > limits.maxSide || height > limits.maxSide) return { ok: false, reason: 'too-wide' };
  if (width * height > limits.maxPixels) return { ok: false, reason: 'too-many-pixels' };
  try {
    // stats() reads every pixel (streaming, without holding the whole image) and fails on a broken file.
    await sharp(bytes, { failOn: 'error', limitInputPixels: limits.maxPixels }).stats();
  } catch {
    return { ok: false, reason: 'undecodable' };
  }
  return { ok: true, info: { type, width, height } };
};
