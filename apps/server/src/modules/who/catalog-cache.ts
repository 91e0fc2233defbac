import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whoCatalogSources } from '../../db/schema/who.ts';

/**
 * The catalog's version: every catalog write (import, sync, snapshot) ends by stamping who_catalog_sources in its
 * transaction, so the latest stamp and the count of sources change whenever the observations do.
 */
async function catalogVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ stamp: sql<string>`coalesce(max(${whoCatalogSources.finishedAt})::text, '') || '|' || count(*)::text` })
    .from(whoCatalogSources);
  return row?.stamp ?? '';
}

/**
 * Values read from the WHO catalog, per database and key, kept while the catalog's version is unchanged: the reads
 * scan observations, and the catalog changes only when an import or sync writes it. Concurrent requests for one key
 * share one read; a failed read is not kept.
 */
export class CatalogCache<T> {
  private readonly entries = new WeakMap<Db, Map<string, { version: string; value: Promise<T> }>>();

  /**
   * @param maxEntries keys kept per database, the least recently asked for going first
   * @param keep whether a value may be kept (a large one is read for its caller only)
   */
  constructor(
    private readonly maxEntries = 1,
    private readonly keep: (value: T) => boolean = () => true,
  ) {}

  /** The kept value of this key while the catalog is unchanged, else `read()`'s, kept for the next caller. */
  async get(db: Db, key: string, read: () => Promise<T>): Promise<T> {
    const version = await catalogVersion(db);
    let byKey = this.entries.get(db);
    if (!byKey) this.entries.set(db, (byKey = new Map()));
    const kept = byKey;
    let entry = kept.get(key);
    if (!entry || entry.version !== version) {
      const stored = { version, value: read() };
      const forget = () => {
        if (kept.get(key) === stored) kept.delete(key);
      };
      stored.value.then((value) => {
        if (!this.keep(value)) forget();
      }, forget);
      entry = stored;
    }
    // Most recently asked for last; the oldest beyond the limit go.
    kept.delete(key);
    kept.set(key, entry);
    for (const old of kept.keys()) {
      if (kept.size <= this.maxEntries) break;
      kept.delete(old);
    }
    return entry.value;
  }
}
