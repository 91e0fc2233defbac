export * from './options.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './api.ts';
export * from './auth.ts';
export * from './ids.ts';
export * from './jobs.ts';
export * from './locales/index.ts';
