import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { validateKey, validatePrefix } from './keys.ts';
import type { FileStorage } from './types.ts';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';
}

/** Files under a root folder (DATA_DIR/files by default). Writes go to a temporary file then rename, so a
 * reader never sees half a file. */
export class LocalFileStorage implements FileStorage {
  readonly description: string;
  constructor(private readonly root: string) {
    this.root = path.resolve(root);
    this.description = `local:${this.root}`;
  }

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, validateKey(key));
    // Belt and braces: validateKey already refuses '..', this refuses anything that still escapes.
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return resolved;
  }

  async put(key: string, data: Uint8Array | string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.pathOf(key)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    validatePrefix(prefix);
    const keys: string[] = [];
    const walk = async (folder: string, relative: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(folder, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const key = relative === '' ? entry.name : `${relative}/${entry.name}`;
        if (entry.isDirectory()) await walk(path.join(folder, entry.name), key);
        else if (entry.isFile() && !entry.name.endsWith('.partial') && key.startsWith(prefix)) keys.push(key);
      }
    };
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    await walk(folder === '' ? this.root : path.join(this.root, folder), folder);
    return keys.sort();
  }
}
