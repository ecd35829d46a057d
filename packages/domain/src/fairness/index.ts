export * from './beacon.ts';
export * from './chain.ts';
export * from './digits.ts';
export * from './verify.ts';
