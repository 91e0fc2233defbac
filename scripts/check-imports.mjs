#!/usr/bin/env node
// Part of `npm run lint`: no import circles in any workspace's sources, and the server's bottom layer importing
// nothing above it. Across workspaces ESLint's restricted-import rules already forbid circles (contracts imports
// nothing of ours, the engine no app); inside one, this scans each source file's static relative `import`/`export
// ... from` specifiers, which in this code base always name the file with its extension. An ESLint import plugin would
// do the same with a module resolver and a whole-project graph on every lint run; this takes a few hundred ms.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/engine/src', 'packages/contracts/src'];
export const SPECIFIER = /^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gms;

/** The .ts and .tsx files under `dir`, tests left out. */
export function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each file's relative imports among `files` (type-only imports included: a circle of types still ties two files). */
export function importGraph(files) {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const targets = [...text.matchAll(SPECIFIER)].map((m) => path.resolve(path.dirname(file), m[1])).filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

/** Every circle of imports in the graph, each as the files along it. */
export function circles(graph) {
  const found = [];
  const state = new Map();
  const stack = [];
  const visit = (file) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/**
 * Inside the server, the bottom layer (configuration, logging, database, events, file storage, threads) is what every
 * module stands on, so it imports no module, route or role: a change to a feature never reaches it. context.ts is the
 * one file that names the modules' services, by type only.
 */
export const SERVER = path.join(REPO_ROOT, 'apps/server/src');
export const BOTTOM = ['config.ts', 'logger.ts', 'log-destination.ts', 'lifecycle.ts', 'db', 'events', 'storage', 'threads'];
export const TOP = ['http', 'modules', 'cli', 'app-context.ts', 'roles.ts', 'main.ts'];

/** The bottom-layer files of the server that import a top-layer one, as "importer -> imported". */
export function upwardImports(graph) {
  const under = (file, entries) => entries.some((entry) => file === path.join(SERVER, entry) || file.startsWith(path.join(SERVER, entry) + path.sep));
  return [...graph].flatMap(([file, targets]) =>
    under(file, BOTTOM) ? targets.filter((target) => under(target, TOP)).map((target) => `${path.relative(SERVER, file)} -> ${path.relative(SERVER, target)}`) : [],
  );
}

/** What is wrong in the repository's imports, one line each; empty when nothing is. */
export function importProblems() {
  const problems = ROOTS.flatMap((root) =>
    circles(importGraph(sourceFiles(path.join(REPO_ROOT, root)))).map((circle) => `import circle: ${circle.map((file) => path.relative(REPO_ROOT, file)).join(' -> ')}`),
  );
  const upward = upwardImports(importGraph(sourceFiles(SERVER))).map((line) => `server layer: apps/server/src/${line} (the bottom layer imports nothing above it)`);
  return [...problems, ...upward];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = importProblems();
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
