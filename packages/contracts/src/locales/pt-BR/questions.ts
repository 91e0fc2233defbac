import type { Translation } from '../types.ts';
import type { questions as en } from '../en/questions.ts';

export const questions: Translation<typeof en> = {};
