import type { Translation } from '../types.ts';
import type { results as en } from '../en/results.ts';

export const results: Translation<typeof en> = {};
