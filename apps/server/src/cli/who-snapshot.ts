// npm run who:snapshot -- --from DIR --vintage YYYY-MM [--out FOLDER] [--indicators CODE,CODE]
// npm run who:snapshot -- --api [--url URL] [--out FOLDER] [--indicators CODE,CODE]
// Rebuilds the WHO snapshot that ships with the app (default apps/server/who-snapshot) from a folder of WHO GHO
// CSV exports or from the live WHO GHO API, normalised exactly as `who:import` / `who:sync` would store it.
// PROVENANCE.txt and LICENCE.txt beside it are written by hand: update them when the source changes.
import { parseArgs } from 'node:util';
import { WhoApiError, WhoApiUnreachableError } from '../modules/who/api-client.ts';
import { openWhoApi } from '../modules/who/api-source.ts';
import type { CatalogCountry, CatalogIndicator } from '../modules/who/catalog-writer.ts';
import { WhoFolderError } from '../modules/who/csv-source.ts';
import { readWhoFolder } from '../modules/who/import-folder.ts';
import { SHIPPED_WHO_SNAPSHOT_DIR, writeWhoSnapshot } from '../modules/who/snapshot.ts';
import { parseCodes, userPath } from './shared.ts';

const USAGE =
  'Usage: npm run who:snapshot -- --from <folder> --vintage YYYY-MM [--out <folder>] [--indicators CODE1,CODE2]\n' +
  '       npm run who:snapshot -- --api [--url https://ghoapi.azureedge.net/api] [--out <folder>] [--indicators CODE1,CODE2]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      api: { type: 'boolean' },
      url: { type: 'string' },
      vintage: { type: 'string' },
      out: { type: 'string' },
      indicators: { type: 'string' },
      help: { type: 'boolean' },
    },
    allowPositionals: false,
  });
  const fromFolder = values.from !== undefined;
  if (values.help || fromFolder === Boolean(values.api) || (fromFolder && !/^\d{4}-\d{2}(-\d{2})?$/.test(values.vintage ?? ''))) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const out = values.out ? userPath(values.out) : SHIPPED_WHO_SNAPSHOT_DIR;
  const indicators = parseCodes(values.indicators);
  const started = performance.now();
  try {
    let meta;
    if (fromFolder) {
      const folder = await readWhoFolder(userPath(values.from!), indicators);
      const vintage = values.vintage!;
      meta = await writeWhoSnapshot(out, logged(folder.indicators(), folder.codes.length), {
        vintage,
        title: `WHO GHO export of ${vintage}`,
        source: `WHO Global Health Observatory CSV exports (${folder.codes.length} indicators); see PROVENANCE.txt`,
      });
    } else {
      const baseUrl = (values.url ?? process.env.WHO_API_URL ?? 'https://ghoapi.azureedge.net/api').replace(/\/+$/, '');
      const api = await openWhoApi({ baseUrl, indicators, onRetry: (r) => console.log(`  retry ${r.attempt} of ${r.url} in ${r.delayMs} ms (${r.reason})`) });
      const vintage = new Date().toISOString().slice(0, 10);
      meta = await writeWhoSnapshot(out, logged(fromApi(api.codes, api.fetchIndicator, api.countries), api.codes.length), {
        vintage,
        title: `WHO GHO API of ${vintage}`,
        source: `WHO Global Health Observatory OData API, ${baseUrl}`,
      });
    }
    console.log(
      `Wrote ${out}: ${meta.indicators} indicators, ${meta.countries} countries, ${meta.observations} observations (${meta.title}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } catch (error) {
    if (error instanceof WhoFolderError || error instanceof WhoApiError || error instanceof WhoApiUnreachableError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exitCode = 1;
    } else throw error;
  }
}

/** The API's indicators one by one, each bringing the countries of its observations (as the folder reader does). */
async function* fromApi(codes: string[], fetchIndicator: (code: string) => Promise<CatalogIndicator>, countries: CatalogCountry[]): AsyncGenerator<CatalogIndicator> {
  const byCode = new Map(countries.map((c) => [c.code, c]));
  for (const code of codes) {
    const indicator = await fetchIndicator(code);
    const needed = [...new Set(indicator.observations.map((o) => o.countryCode))].flatMap((c) => byCode.get(c) ?? []);
    yield { ...indicator, observations: indicator.observations.filter((o) => byCode.has(o.countryCode)), countries: needed };
  }
}

async function* logged(indicators: AsyncIterable<CatalogIndicator>, total: number): AsyncGenerator<CatalogIndicator> {
  let index = 0;
  for await (const indicator of indicators) {
    console.log(`[${++index}/${total}] ${indicator.code}: ${indicator.observations.length} observations`);
    yield indicator;
  }
}

await main();
