import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * No module imports itself through others (type-only imports included: a circle of types still ties two files'
 * meaning together). Across workspaces the layering lint rules already forbid circles (contracts imports nothing of
 * ours, the engine no app); inside one, this scans each source file's static relative `import`/`export ... from`
 * specifiers, which in this code base always name the file with its extension. An ESLint import plugin would do
 * the same with a module resolver and a full-project graph on every lint run; this costs a few hundred ms.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/engine/src', 'packages/contracts/src'];
const SPECIFIER = /^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gms;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every circle of imports in the graph, each as the files along it. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
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

function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const targets = [...text.matchAll(SPECIFIER)].map((m) => path.resolve(path.dirname(file), m[1])).filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

describe('import circles', () => {
  it('finds a circle when there is one (the scan itself works)', () => {
    const a = path.join(repoRoot, 'a.ts');
    const b = path.join(repoRoot, 'b.ts');
    const c = path.join(repoRoot, 'c.ts');
    expect(circles(new Map([[a, [b]], [b, [c]], [c, [a]]]))).toEqual([[a, b, c]]);
    expect(circles(new Map([[a, [b]], [b, [c]], [c, []]]))).toEqual([]);
    const text = "import type { X } from './x.ts';\nexport { y } from '../y.ts';\nimport {\n  z,\n} from './z.ts';\nimport fs from 'node:fs';";
    expect([...text.matchAll(SPECIFIER)].map((m) => m[1])).toEqual(['./x.ts', '../y.ts', './z.ts']);
  });

  it.each(ROOTS)('has none in %s', (root) => {
    const files = sourceFiles(path.join(repoRoot, root));
    expect(files.length).toBeGreaterThan(10);
    const found = circles(importGraph(files)).map((circle) => circle.map((file) => path.relative(repoRoot, file)).join(' -> '));
    expect(found).toEqual([]);
  });
});

/**
 * Inside the server, the bottom layer (configuration, logging, database, events, file storage, threads) is what every
 * module stands on, so it imports no module, route or role: a change to a feature never reaches it. context.ts is the
 * one file that names the modules' services, by type only.
 */
const SERVER = path.join(repoRoot, 'apps/server/src');
const BOTTOM = ['config.ts', 'logger.ts', 'log-destination.ts', 'lifecycle.ts', 'db', 'events', 'storage', 'threads'];
const TOP = ['http', 'modules', 'cli', 'app-context.ts', 'roles.ts', 'main.ts'];

/** The bottom-layer files of the server that import a top-layer one, as "importer -> imported". */
function upwardImports(graph: Map<string, string[]>): string[] {
  const under = (file: string, entries: string[]) => entries.some((entry) => file === path.join(SERVER, entry) || file.startsWith(path.join(SERVER, entry) + path.sep));
  return [...graph].flatMap(([file, targets]) =>
    under(file, BOTTOM) ? targets.filter((target) => under(target, TOP)).map((target) => `${path.relative(SERVER, file)} -> ${path.relative(SERVER, target)}`) : [],
  );
}

describe('server layers', () => {
  it('finds an upward import when there is one (the scan itself works)', () => {
    const storage = path.join(SERVER, 'storage/local.ts');
    const route = path.join(SERVER, 'modules/uploads/routes.ts');
    expect(upwardImports(new Map([[storage, [route]], [route, [storage]]]))).toEqual(['storage/local.ts -> modules/uploads/routes.ts']);
  });

  it('has the bottom layer import nothing above it', () => {
    expect(upwardImports(importGraph(sourceFiles(SERVER)))).toEqual([]);
  });
});
