import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { whoCatalogSources } from '../../db/schema/who.ts';
import { catalogStatus } from './catalog.ts';
import { openGhoFolder } from './csv-source.ts';
import { importFingerprint, importWhoFolder } from './import-folder.ts';

/**
 * Context initializer (roles.ts): when WHO_IMPORT_DIR is set, imports it if the catalog is empty or the
 * folder changed since the last import (file names, sizes, modification times, indicator subset). A failed
 * import is logged and the server starts anyway: the catalog then reports how to fill it.
 */
export async function importWhoAtStartup(ctx: AppContext): Promise<void> {
  const dir = ctx.config.whoImportDir;
  if (!dir) return;
  const db = ctx.database.db;
  try {
    const folder = await openGhoFolder(dir);
    const subset = ctx.config.whoImportIndicators;
    const fingerprint = importFingerprint(await folder.fingerprint(), subset);
    const [previous] = await db.select().from(whoCatalogSources).where(eq(whoCatalogSources.kind, 'import'));
    const status = await catalogStatus(db);
    if (status.available && previous && previous.location === folder.dir && previous.fingerprint === fingerprint) {
      ctx.logger.info({ dir, indicators: status.indicators }, 'WHO catalog is up to date with WHO_IMPORT_DIR');
      return;
    }
    ctx.logger.info({ dir, indicators: subset.length > 0 ? subset : 'all' }, 'importing WHO_IMPORT_DIR into the WHO catalog');
    const summary = await importWhoFolder(db, dir, {
      indicators: subset,
      onProgress: (p) => ctx.logger.debug({ code: p.code, observations: p.observations }, `WHO import ${p.index}/${p.total}`),
    });
    ctx.logger.info(summary, 'WHO catalog imported');
  } catch (error) {
    ctx.logger.error({ err: error, dir }, 'WHO_IMPORT_DIR could not be imported; the WHO catalog stays as it was');
  }
}
