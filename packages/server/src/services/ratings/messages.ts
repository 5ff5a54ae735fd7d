/** The ratings' texts (English; clients translate from `code` and `field_codes`). */
export const RATING_MESSAGES = {
  schoolNotFound: 'School not found.',
  schoolRequired: 'This field is required.',
} as const;
