export * from './bets.ts';
export * from './payout-bounds.ts';
export * from './rooms.ts';
export * from './round-state.ts';
export * from './trends.ts';
export * from './trends-fit.ts';
export * from './trends-gamma.ts';
