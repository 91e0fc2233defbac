import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the assistant corpus reads its WHO data: the one place to switch when the repository carries its own
 * compact WHO snapshot. expected.py must read the same folder (its first argument) to regenerate expected.json.
 */
export const CORPUS_WHO_DIR = process.env.INDICATA_CORPUS_WHO_DIR ?? fileURLToPath(new URL('../../../../../shared/data/who-gho-2018', import.meta.url));

/** Whether the folder is there (the corpus test is skipped, with the reason logged, when it is not). */
export const CORPUS_DATA_AVAILABLE = existsSync(path.join(CORPUS_WHO_DIR, 'source'));
