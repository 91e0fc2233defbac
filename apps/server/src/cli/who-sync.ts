// npm run who:sync [-- --indicators CODE,CODE] [--url URL]
// Fills the WHO catalog of the configured database from the live WHO GHO OData API (WHO_API_URL, default
// https://ghoapi.azureedge.net/api), one indicator at a time, with a request throttle and retries.
import { parseArgs } from 'node:util';
import { WhoApiError, WhoApiUnreachableError } from '../modules/who/api-client.ts';
import { syncWhoApi } from '../modules/who/api-source.ts';
import { openCliDatabase, parseCodes } from './shared.ts';

const USAGE = 'Usage: npm run who:sync [-- --indicators CODE1,CODE2] [--url https://ghoapi.azureedge.net/api]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { indicators: { type: 'string' }, url: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const { config, database } = await openCliDatabase();
  const baseUrl = (values.url ?? config.whoApiUrl).replace(/\/+$/, '');
  const started = performance.now();
  try {
    console.log(`Syncing the WHO catalog from ${baseUrl} ...`);
    const summary = await syncWhoApi(database.db, {
      baseUrl,
      indicators: parseCodes(values.indicators),
      onProgress: (p) => console.log(`[${p.index}/${p.total}] ${p.code}: ${p.observations} observations`),
      onRetry: (r) => console.log(`  retry ${r.attempt} of ${r.url} in ${r.delayMs} ms (${r.reason})`),
      onIndicatorError: (code, error) => console.error(`  ${code} failed: ${error.message}`),
    });
    console.log(
      `Synced ${summary.indicators} indicators, ${summary.observations} observations in ${((performance.now() - started) / 1000).toFixed(1)} s.` +
        (summary.failed.length > 0 ? ` Failed: ${summary.failed.join(', ')} (run again with --indicators to retry them).` : ''),
    );
    if (summary.failed.length > 0) process.exitCode = 1;
  } catch (error) {
    if (error instanceof WhoApiUnreachableError || error instanceof WhoApiError) {
      console.error(error.message);
      process.exitCode = 1;
    } else throw error;
  } finally {
    await database.close();
  }
}

await main();
