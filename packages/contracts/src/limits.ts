/**
 * Length limits the web forms check without the schemas: this module imports nothing, so a page that
 * needs only a limit (the login form) does not pull zod and every schema into its chunk.
 */

/** Longest captcha answer the API reads (the forms say "too long" past it rather than cutting). */
export const CAPTCHA_ANSWER_MAX = 16;
/** Longest account or password that is only checked, not set (login, reset, the old password). */
export const TYPED_CREDENTIAL_MAX = 64;

/** Largest image an upload takes (a transfer receipt): the server refuses more, the app checks first. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The image types an upload takes (the server tells them by their bytes, not by what the client says). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
