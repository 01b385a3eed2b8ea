/** Server messages of the profile endpoints besides the spec's own. */
export const PROFILE_MSG = {
  timezoneUnknown: 'Please choose a timezone from the list.',
  languageUnknown: 'Please choose a language from the list.',
  businessTypeUnknown: 'Please choose a business type from the list.',
  pictureDimensions: (max: number) => `The picture must be at most ${max} x ${max} pixels.`,
  picturePixels: (megapixels: number) => `The picture must be at most ${megapixels} megapixels.`,
  oneFile: 'Only one profile picture can be uploaded at a time.',
  unexpectedFile: 'Only the profile picture can be uploaded as a file.',
  tooManyFields: 'The form has too many fields.',
  fieldTooLong: 'A form field is too long.',
  formUnreadable: 'The form could not be read. Please try again.',
  pictureNotFound: 'No profile picture.',
} as const;

/** Larger images are refused: nobody needs them for an avatar, and they cost memory to show. */
export const PICTURE_MAX_DIMENSION_PX = 8000;
/** 40 MP covers any camera photo under 5 MB; past it a picture is refused from its header, before decoding. */
export const PICTURE_MAX_MEGAPIXELS = 40;
