import type { Translation } from '../types.ts';
import type { uploads as en } from '../en/uploads.ts';

export const uploads: Translation<typeof en> = {};
