export * from './options.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './api.ts';
export * from './auth.ts';
export * from './ids.ts';
export * from './jobs.ts';
export * from './csv.ts';
export * from './csv-reader.ts';
export * from './uploads.ts';
export * from './who.ts';
export * from './locales/index.ts';
export * from './results.ts';
export * from './baseline-check.ts';
export * from './job-config.ts';
export * from './run-checks.ts';
export * from './questions.ts';
export * from './report.ts';
export * from './answer-html.ts';
<<<<<<< HEAD
export * from './predict.ts';
=======
export * from './job-limits.ts';
>>>>>>> i13a
