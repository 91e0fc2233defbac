import path from 'node:path';
import { circles, importGraph, importProblems, REPO_ROOT, ROOTS, SERVER, SPECIFIER, sourceFiles, upwardImports } from '../../../scripts/check-imports.mjs';

// The checks `npm run lint` runs through scripts/check-imports.mjs: here they are shown able to fail.

describe('import circles', () => {
  it('finds a circle when there is one (the scan itself works)', () => {
    const a = path.join(REPO_ROOT, 'a.ts');
    const b = path.join(REPO_ROOT, 'b.ts');
    const c = path.join(REPO_ROOT, 'c.ts');
    expect(circles(new Map([[a, [b]], [b, [c]], [c, [a]]]))).toEqual([[a, b, c]]);
    expect(circles(new Map([[a, [b]], [b, [c]], [c, []]]))).toEqual([]);
    const text = "import type { X } from './x.ts';\nexport { y } from '../y.ts';\nimport {\n  z,\n} from './z.ts';\nimport fs from 'node:fs';";
    expect([...text.matchAll(SPECIFIER)].map((m) => m[1])).toEqual(['./x.ts', '../y.ts', './z.ts']);
  });

  it.each(ROOTS)('has none in %s', (root) => {
    const files = sourceFiles(path.join(REPO_ROOT, root));
    expect(files.length).toBeGreaterThan(10);
    const found = circles(importGraph(files)).map((circle) => circle.map((file) => path.relative(REPO_ROOT, file)).join(' -> '));
    expect(found).toEqual([]);
  });
});

describe('server layers', () => {
  it('finds an upward import when there is one (the scan itself works)', () => {
    const storage = path.join(SERVER, 'storage/local.ts');
    const route = path.join(SERVER, 'modules/uploads/routes.ts');
    expect(upwardImports(new Map([[storage, [route]], [route, [storage]]]))).toEqual(['storage/local.ts -> modules/uploads/routes.ts']);
  });

  it('has the bottom layer import nothing above it, and the lint step finds nothing either', () => {
    expect(upwardImports(importGraph(sourceFiles(SERVER)))).toEqual([]);
    expect(importProblems()).toEqual([]);
  });
});
