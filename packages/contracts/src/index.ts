export * from './options.ts';
export * from './limits.ts';
export * from './messages.ts';
