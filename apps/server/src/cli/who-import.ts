// npm run who:import -- --from DIR [--indicators CODE,CODE]
// Imports a folder of WHO GHO CSV exports (source/<CODE>.csv, all_countries.csv, all_indicators.csv) into the
// WHO catalog of the configured database (DATA_DIR or DATABASE_URL). Idempotent.
import { parseArgs } from 'node:util';
import { WhoFolderError } from '../modules/who/csv-source.ts';
import { importWhoFolder } from '../modules/who/import-folder.ts';
import { openCliDatabase, parseCodes, userPath } from './shared.ts';

const USAGE = 'Usage: npm run who:import -- --from <folder> [--indicators CODE1,CODE2]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, indicators: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: false,
  });
  if (values.help || !values.from) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const dir = userPath(values.from);
  const { database } = await openCliDatabase();
  try {
    const summary = await importWhoFolder(database.db, dir, {
      indicators: parseCodes(values.indicators),
      onProgress: (p) =>
        console.log(
          `[${p.index}/${p.total}] ${p.code}: ${p.observations} observations${p.skippedUnknownCountry ? ` (${p.skippedUnknownCountry} of unknown countries skipped)` : ''}`,
        ),
    });
    console.log(
      `Imported ${summary.indicators} indicators, ${summary.observations} observations, ${summary.countries} countries from ${dir} in ${(summary.milliseconds / 1000).toFixed(1)} s.`,
    );
  } catch (error) {
    if (error instanceof WhoFolderError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exitCode = 1;
    } else throw error;
  } finally {
    await database.close();
  }
}

await main();
