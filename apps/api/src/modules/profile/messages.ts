/** Server messages of the profile endpoints besides the spec's own (spec §5, §8). */
export const PROFILE_MSG = {
  timezoneUnknown: 'Please choose a timezone from the list.',
  languageUnknown: 'Please choose a language from the list.',
  businessTypeUnknown: 'Please choose a business type from the list.',
  pictureDimensions: (max: number) => `The picture must be at most ${max} x ${max} pixels.`,
  pictureNotFound: 'No profile picture.',
} as const;

/** Larger images are refused: nobody needs them for an avatar, and they cost memory to show. */
export const PICTURE_MAX_DIMENSION_PX = 8000;
