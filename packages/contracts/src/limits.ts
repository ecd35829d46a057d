/**
 * Length limits the web forms check without the schemas: this module imports nothing, so a page that
 * needs only a limit (the login form) does not pull zod and every schema into its chunk.
 */

/** Longest captcha answer the API reads (the forms say "too long" past it rather than cutting). */
export const CAPTCHA_ANSWER_MAX = 16;
/** Longest account or password that is only checked, not set (login, reset, the old password). */
export const TYPED_CREDENTIAL_MAX = 64;
