export * from './bets.ts';
export * from './rooms.ts';
export * from './round-state.ts';
