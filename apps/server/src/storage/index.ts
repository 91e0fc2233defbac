import path from 'node:path';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { LocalFileStorage } from './local.ts';
import { S3FileStorage } from './s3.ts';
import type { FileStorage } from './types.ts';

export type { FileStorage } from './types.ts';
export { InvalidStorageKeyError } from './types.ts';
export { LocalFileStorage } from './local.ts';
export { S3FileStorage } from './s3.ts';

/**
 * The storage the configuration names: S3 when S3_BUCKET is set, else local files under DATA_DIR/files.
 * @param config `dataDir` and the `s3` settings are read
 */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  if (config.s3) return new S3FileStorage(config.s3);
  return new LocalFileStorage(path.join(config.dataDir, 'files'));
}

/** Context initializer (roles.ts): says which storage the context was made with. */
export async function initStorage(ctx: AppContext): Promise<void> {
  ctx.logger.info({ storage: ctx.storage.description }, 'file storage ready');
}
