/**
 * Messages for the checks zod makes by itself, before any contract rule runs (a missing field, a wrong
 * type, a field the schema does not allow, any other malformed value). Contract rules carry their own
 * `validation.*` keys; the server uses these for everything else, so every detail is translatable.
 */
export const GENERIC_VALIDATION_KEYS = {
  required: 'validation.required',
  invalidType: 'validation.invalidType',
  unknownField: 'validation.unknownField',
  invalidValue: 'validation.invalidValue',
} as const;
export type GenericValidationKey = (typeof GENERIC_VALIDATION_KEYS)[keyof typeof GENERIC_VALIDATION_KEYS];
