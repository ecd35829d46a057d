export * from './constants.ts';
export * from './format.ts';
export * from './locales.ts';
export * from './money.ts';
export * from './validation.ts';
