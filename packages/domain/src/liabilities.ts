/**
 * The liabilities statement's Ed25519 signature and the proof verifier, apart from the main entry: the
 * curve module builds itself from SHA-512 as it loads, and reached from the web app's first-screen chunk
 * (through the main entry) it loaded inside a chunk cycle before its hash existed, and the app did not
 * start. Imported from `@tradehall/domain/liabilities`, it loads only with the pages that check a proof.
 */
export * from './books/liabilities-proof.ts';
export * from './books/liabilities-statement.ts';
