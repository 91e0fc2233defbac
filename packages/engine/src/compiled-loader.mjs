// Loads a TypeScript module the fastest correct way: its compiled JavaScript (scripts/compile-server.mjs) while that
// is fresh, else the source through tsx. Plain JavaScript, because the thread entries that use it start with no
// loader. Set INDICATA_COMPILED=off to always run the sources (a debugger, a stack trace with TypeScript lines).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const COMPILED_DIR = '.compiled';
const TYPESCRIPT_FILE = /\.[mc]?ts$/;

/**
 * The global key under which a thread entry installs `importModule` for fit-task.ts's model factories. Symbol.for:
 * one key across the copies of this module that the compiled bundles each carry.
 */
export const MODEL_FACTORY_IMPORTER = Symbol.for('indicata.importModule');

/** The nearest folder at or above `folder` that holds a package.json, or null. */
function packageRootOf(folder) {
  for (let current = folder; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) return null;
  }
}

/**
 * Where the compiled file of a TypeScript source lives: <package>/.compiled/<path in the package>.js, and its
 * manifest (the sources it was built from) beside it.
 * @param sourceUrl file: URL of a .ts module
 */
export function compiledPathsFor(sourceUrl) {
  const sourceFile = fileURLToPath(sourceUrl);
  const packageRoot = packageRootOf(path.dirname(sourceFile));
  if (!packageRoot) return null;
  const compiledFile = path.join(packageRoot, COMPILED_DIR, path.relative(packageRoot, sourceFile)).replace(TYPESCRIPT_FILE, '.js');
  return { compiledFile, manifestFile: `${compiledFile}.sources.json` };
}

/**
 * Whether the compiled file of a source exists and every source it was built from is unchanged (same size and
 * modification time): a few dozen stat calls.
 * @param sourceUrl file: URL of a .ts module
 */
export function isCompiledFresh(sourceUrl) {
  const paths = compiledPathsFor(sourceUrl);
  if (!paths) return false;
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(paths.manifestFile, 'utf8'));
    if (!fs.existsSync(paths.compiledFile)) return false;
  } catch {
    return false;
  }
  const base = path.dirname(paths.manifestFile);
  return manifest.inputs.every((input) => {
    try {
      const stat = fs.statSync(path.resolve(base, input.file));
      return stat.size === input.size && stat.mtimeMs === input.mtimeMs;
    } catch {
      return false;
    }
  });
}

/**
 * The URL to import for a module: its compiled file when fresh (and not turned off), else null.
 * @param sourceUrl file: URL of a .ts module
 */
export function freshCompiledUrl(sourceUrl) {
  if (process.env.INDICATA_COMPILED === 'off' || !TYPESCRIPT_FILE.test(sourceUrl) || !sourceUrl.startsWith('file:')) return null;
  if (!isCompiledFresh(sourceUrl)) return null;
  return pathToFileURL(compiledPathsFor(sourceUrl).compiledFile).href;
}

/**
 * Node's arguments that run a TypeScript program (before the program's own arguments): its fresh compiled file, else
 * tsx and the source.
 * @param sourceUrl file: URL of the program's .ts main module
 */
export function nodeArgumentsFor(sourceUrl) {
  const compiled = freshCompiledUrl(sourceUrl);
  return compiled ? [fileURLToPath(compiled)] : ['--import', 'tsx', fileURLToPath(sourceUrl)];
}

let typeScriptLoader;
/** Registers tsx in this thread, once, the first time a source has to be loaded. */
function ensureTypeScriptLoader() {
  typeScriptLoader ??= import('tsx/esm/api').then(({ register }) => {
    register();
  });
  return typeScriptLoader;
}

/**
 * Imports a module in a thread started without a loader: its fresh compiled file, or the source through tsx.
 * @param sourceUrl file: URL of the module (a .ts source, or any module Node loads as it is)
 */
export async function importModule(sourceUrl) {
  const compiled = freshCompiledUrl(sourceUrl);
  if (compiled) return import(compiled);
  if (TYPESCRIPT_FILE.test(sourceUrl)) await ensureTypeScriptLoader();
  return import(sourceUrl);
}

/**
 * Makes importModule this thread's way to load a fit task's model factory (fit-task.ts reads it): the factory is
 * named by the URL of its source (a test may pass its own), and in a thread started without a loader it must come
 * compiled or through tsx. Called by the thread entries only, so a process with a loader keeps plain import().
 */
export function useImportModuleForModelFactories() {
  globalThis[MODEL_FACTORY_IMPORTER] = importModule;
}
