import type { Translation } from '../types.ts';
import type { who as en } from '../en/who.ts';

export const who: Translation<typeof en> = {};
