import type { Translation } from '../types.ts';
import type { wizard as en } from '../en/wizard.ts';

export const wizard: Translation<typeof en> = {};
