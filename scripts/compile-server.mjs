#!/usr/bin/env node
// Compiles the server's process and thread entry points from TypeScript to one JavaScript file each, so that a
// server process or a job's threads start without tsx: a thread that registers tsx and loads the fit task through it
// costs about 250 ms of CPU, the compiled file 35 ms; a server process about 1.8 CPU-s against 0.8. A job starts an
// engine thread and a pool of fit threads, and the tests start hundreds of them.
//
// Each entry becomes <package>/.compiled/<path in the package>.js (git-ignored), beside a manifest of every source
// file it was built from, with size and modification time. The loaders (packages/engine/src/compiled-loader.mjs)
// use a compiled file only while that manifest still matches the sources, and load the TypeScript through tsx
// otherwise: an edited source is never run from a stale compiled file, whoever forgot to compile.
//
// Run by `npm start` (scripts/start.mjs), `npm test` and the server and engine Vitest projects (as a global setup);
// by hand: `node scripts/compile-server.mjs`. A fresh entry is not rebuilt, so a second call costs a few ms.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { compiledPathsFor, isCompiledFresh } from '../packages/engine/src/compiled-loader.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The TypeScript modules that Node starts directly: a process's main module, a thread's task, a dynamic import. */
export const COMPILED_ENTRIES = [
  'apps/server/src/main.ts',
  'apps/server/src/modules/jobs/engine-task.ts',
  'apps/server/src/modules/uploads/csv-tasks.ts',
  'apps/server/src/modules/predict/predict-tasks.ts',
  'packages/engine/src/search/fit-task.ts',
  'packages/engine/src/models/index.ts',
  // `npm run automl`'s program: the engine's tests run it a dozen times.
  'packages/engine/src/cli/main.ts',
];

/** The TypeScript settings of the compiled workspaces (esbuild reads a few of their options). */
const TSCONFIG_FILES = ['tsconfig.base.json', 'apps/server/tsconfig.json', 'packages/engine/tsconfig.json', 'packages/contracts/tsconfig.json'];

/**
 * Keeps npm packages out of the bundle (Node loads them from node_modules as it does for the sources) but takes in
 * the workspace packages (@indicata/*), which are TypeScript.
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@indicata/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Gives every bundled module its own import.meta.url, the URL of its source file, written relative to the compiled
 * file. The sources resolve files next to themselves (the web build, migrations, thread entries, the WHO snapshot)
 * with `new URL('./x', import.meta.url)`; in a bundle import.meta.url would name the bundle instead.
 */
function sourceImportMetaUrl(outfile) {
  return {
    name: 'source-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await fs.promises.readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = relativePosix(path.dirname(outfile), args.path);
        const expression = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', expression), loader: args.path.endsWith('ts') ? 'ts' : 'js' };
      });
    },
  };
}

/** A path relative to `from`, with forward slashes (the manifests are the same on every platform). */
function relativePosix(from, to) {
  return path.relative(from, to).split(path.sep).join('/');
}

/** Writes a file under a temporary name, then renames it: a reader never sees half a file. */
function writeAtomically(file, contents) {
  // Unique per writer: two processes (or two calls in one) may compile the same entry at once.
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

/**
 * Compiles one entry unless its compiled file is fresh.
 * @param sourceFile absolute path of the TypeScript entry (inside a folder with a package.json)
 * @returns whether it was rebuilt
 */
export async function compileEntry(sourceFile) {
  const sourceUrl = pathToFileURL(sourceFile).href;
  if (isCompiledFresh(sourceUrl)) return false;
  const { compiledFile, manifestFile } = compiledPathsFor(sourceUrl);
  fs.mkdirSync(path.dirname(compiledFile), { recursive: true });
  const result = await esbuild.build({
    entryPoints: [sourceFile],
    outfile: compiledFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [externalPackages, sourceImportMetaUrl(compiledFile)],
  });
  // Also this script and the TypeScript settings esbuild reads: a change to how entries are compiled makes every
  // compiled file stale.
  const settings = [fileURLToPath(import.meta.url), ...TSCONFIG_FILES.map((file) => path.join(root, file)).filter((file) => fs.existsSync(file))];
  const sources = [...Object.keys(result.metafile.inputs).map((input) => path.resolve(input)), ...settings];
  const inputs = sources.map((file) => {
    const stat = fs.statSync(file);
    return { file: relativePosix(path.dirname(manifestFile), file), size: stat.size, mtimeMs: stat.mtimeMs };
  });
  writeAtomically(compiledFile, result.outputFiles[0].contents);
  // The manifest last: until it is written, the loaders see no fresh compiled file and use the sources.
  writeAtomically(manifestFile, JSON.stringify({ entry: relativePosix(root, sourceFile), inputs }));
  return true;
}

/**
 * Compiles every entry that is missing or older than its sources.
 * @returns the entries that were rebuilt
 */
export async function compileServer() {
  const rebuilt = [];
  for (const entry of COMPILED_ENTRIES) {
    if (await compileEntry(path.join(root, entry))) rebuilt.push(entry);
  }
  return rebuilt;
}

/** Vitest global setup of the engine and server projects: their jobs' threads then start without tsx. */
export async function setup() {
  await compileServer();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const rebuilt = await compileServer();
  const took = Math.round(performance.now() - started);
  console.log(rebuilt.length ? `Compiled ${rebuilt.join(', ')} in ${took} ms.` : `Compiled server entries are up to date (${took} ms).`);
}
