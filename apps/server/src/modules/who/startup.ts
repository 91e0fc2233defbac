import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { whoCatalogSources } from '../../db/schema/who.ts';
import { catalogStatus } from './catalog.ts';
import { openGhoFolder } from './csv-source.ts';
import { importFingerprint, importWhoFolder } from './import-folder.ts';
import { importWhoSnapshot, readWhoSnapshot, SHIPPED_WHO_SNAPSHOT_DIR, snapshotWanted } from './snapshot.ts';

/**
 * Context initializer (roles.ts): when WHO_IMPORT_DIR is set, imports it if the catalog is empty or the
 * folder changed since the last import (file names, sizes, modification times, indicator subset); otherwise
 * (WHO_SNAPSHOT) imports the shipped snapshot into an empty catalog. A failed import is logged and the server
 * starts anyway: the catalog then reports how to fill it.
 */
export async function importWhoAtStartup(ctx: AppContext): Promise<void> {
  const dir = ctx.config.whoImportDir;
  if (!dir) {
    if (ctx.config.whoSnapshot) await importSnapshotAtStartup(ctx, SHIPPED_WHO_SNAPSHOT_DIR);
    return;
  }
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

/**
 * Imports the snapshot (only WHO_IMPORT_INDICATORS when set) when the catalog is empty or holds only an older snapshot, logging progress every tenth
 * of the way. An http and a worker process starting together import it once (importWhoSnapshot's lock).
 */
export async function importSnapshotAtStartup(ctx: AppContext, dir: string): Promise<void> {
  const db = ctx.database.db;
  try {
    const snapshot = await readWhoSnapshot(dir);
    const subset = ctx.config.whoImportIndicators;
    if (!(await snapshotWanted(db, snapshot, subset))) return;
    const { meta } = snapshot;
    ctx.logger.info(
      { dir: snapshot.dir, indicators: subset.length > 0 ? subset : meta.indicators, observations: meta.observations },
      `importing the WHO snapshot (${meta.title}) into the WHO catalog; this takes a minute at most, once`,
    );
    let logged = 0;
    const summary = await importWhoSnapshot(db, snapshot, {
      onlyWhenWanted: true,
      indicators: subset,
      onProgress: (p) => {
        const percent = Math.floor((p.index / p.total) * 10) * 10;
        if (percent > logged || p.index === p.total) {
          logged = percent;
          ctx.logger.info({ code: p.code }, `WHO snapshot import ${percent}% (${p.index}/${p.total} indicators)`);
        }
      },
    });
    if (summary.skipped) ctx.logger.info('the WHO snapshot was imported by another process');
    else ctx.logger.info(summary, 'WHO snapshot imported');
  } catch (error) {
    ctx.logger.error({ err: error, dir }, 'the WHO snapshot could not be imported; the WHO catalog stays as it was');
  }
}
