export * from './constants.ts';
export * from './format.ts';
export * from './funding.ts';
export * from './locales.ts';
export * from './money.ts';
export * from './sha256.ts';
export * from './validation.ts';
