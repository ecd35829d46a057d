export * from './account.ts';
export * from './admin.ts';
export * from './app.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './generic-validation.ts';
export * from './messages.ts';
