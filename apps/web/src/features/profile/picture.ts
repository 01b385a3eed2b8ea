import { checkPictureFile, MSG, PICTURE_RECOMMENDED_PX } from '@feedloom/validation';

/** The api refuses larger images (an avatar needs nothing near this). */
export const PICTURE_MAX_DIMENSION_PX = 8000;
export const PICTURE_TOO_LARGE_MESSAGE = `The picture must be at most ${PICTURE_MAX_DIMENSION_PX} x ${PICTURE_MAX_DIMENSION_PX} pixels.`;
export const PICTURE_HINT = `JPG or PNG under 5MB. Recommended ${PICTURE_RECOMMENDED_PX} x ${PICTURE_RECOMMENDED_PX} px.`;

export interface ReadPicture {
  /** For the preview only; the file itself is what is sent. */
  dataUrl: string;
  file: File;
  width: number;
  height: number;
}

export class PictureError extends Error {
  override name = 'PictureError';
}

const readAsDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new PictureError(MSG.pictureProcess));
    reader.onerror = () => reject(new PictureError(MSG.pictureProcess));
    reader.readAsDataURL(file);
  });

const measure = (dataUrl: string): Promise<{ width: number; height: number }> =>
  new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new PictureError(MSG.pictureLoad));
    image.src = dataUrl;
  });

/**
 * Profile picture: JPG or PNG only, under 5 MB (checked before reading), then read and decoded to
 * check its dimensions. Rejects with a PictureError carrying the message to show.
 */
export async function readPicture(file: File): Promise<ReadPicture> {
  const problem = checkPictureFile(file);
  if (problem) throw new PictureError(problem);
  const dataUrl = await readAsDataUrl(file);
  const { width, height } = await measure(dataUrl);
  if (!width || !height) throw new PictureError(MSG.pictureLoad);
  if (width > PICTURE_MAX_DIMENSION_PX || height > PICTURE_MAX_DIMENSION_PX) {
    throw new PictureError(PICTURE_TOO_LARGE_MESSAGE);
  }
  // The browser may label a JPEG 'image/jpg'; the server accepts only image/jpeg and image/png.
  const type = file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  return {
    dataUrl: dataUrl.replace(/^data:image\/jpg;/, 'data:image/jpeg;'),
    file: type === file.type ? file : new File([file], file.name, { type }),
    width,
    height,
  };
}

export function isRecommendedSize(picture: Pick<ReadPicture, 'width' | 'height'>): boolean {
  return picture.width === PICTURE_RECOMMENDED_PX && picture.height === PICTURE_RECOMMENDED_PX;
}
