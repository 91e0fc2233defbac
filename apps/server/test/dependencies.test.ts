import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as T;

interface PackageJson {
  engines?: { node?: string };
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  /** npm's install-script policy (npm >= 11.16): package name -> may its install script run. */
  allowScripts?: Record<string, boolean>;
}
interface LockFile {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; hasInstallScript?: boolean }>;
}

const root = readJson<PackageJson>('package.json');
/** The oldest Node.js the README promises (root `engines.node`, ">=20.19"). */
const oldestNode = semver.minVersion(root.engines?.node ?? '')?.version;

describe('dependencies', () => {
  it('the README and package.json promise Node.js 20', () => {
    expect(oldestNode).toBe('20.19.0');
  });

  it('every installed package accepts the oldest promised Node.js (a newer release would only warn, then break at run time)', () => {
    const lock = readJson<LockFile>('package-lock.json');
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => !Array.isArray(entry.engines) && typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(oldestNode as string, (entry.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, entry]) => `${name}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it('every direct dependency of every workspace is pinned to one version', () => {
    const manifests = ['package.json', ...(root.workspaces ?? []).map((w) => `${w}/package.json`)];
    const loose = manifests.flatMap((file) => {
      const pkg = readJson<PackageJson>(file);
      return [pkg.dependencies, pkg.devDependencies, pkg.optionalDependencies]
        .flatMap((deps) => Object.entries(deps ?? {}))
        // An npm alias ("npm:typescript@7.0.2", a second TypeScript beside 5.9) is pinned when its version is.
        .filter(([, range]) => !range.startsWith('file:') && semver.valid(range.replace(/^npm:(@[^/@]+\/)?[^@]+@/, '')) === null)
        .map(([name, range]) => `${file}: ${name} ${range}`);
    });
    expect(loose).toEqual([]);
  });

  it('every locked package with an install script has a reviewed allow or deny in allowScripts (npm 12 blocks the rest)', () => {
    const lock = readJson<LockFile>('package-lock.json');
    const decided = root.allowScripts ?? {};
    const unreviewed = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      // "node_modules/a/node_modules/@scope/b" -> "@scope/b"
      .map(([location, entry]) => `${location.split('node_modules/').pop()}@${entry.version}`)
      .filter((nameAtVersion) => typeof decided[nameAtVersion.slice(0, nameAtVersion.lastIndexOf('@'))] !== 'boolean');
    expect(unreviewed).toEqual([]);
  });
});
