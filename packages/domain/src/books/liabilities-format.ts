/** The proof file's format tag: its own module, so the contracts can name it without the signature code. */
export const LIABILITIES_PROOF_FORMAT = 'tradehall-liabilities-proof/v1';
