import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('licences', () => {
  it('THIRD-PARTY.md is what scripts/third-party.mjs makes of package-lock.json', () => {
    expect(() => execFileSync(process.execPath, [path.join(repoRoot, 'scripts/third-party.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('every package.json names the Apache-2.0 licence of LICENSE', () => {
    expect(fs.readFileSync(path.join(repoRoot, 'LICENSE'), 'utf8')).toContain('Apache License');
    const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[]; license?: string };
    expect(root.license).toBe('Apache-2.0');
    for (const workspace of root.workspaces) {
      const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8')) as { license?: string };
      expect({ workspace, license: pkg.license }).toEqual({ workspace, license: 'Apache-2.0' });
    }
  });
});
