import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { LocalFileStorage } from '../../src/storage/local.ts';
import { S3FileStorage } from '../../src/storage/s3.ts';
import { createStorage } from '../../src/storage/index.ts';
import { InvalidStorageKeyError, type FileStorage } from '../../src/storage/types.ts';

const BAD_KEYS = ['', 'file.csv', '/etc/passwd', '../x/y', 'csvs/../../etc/passwd', 'csvs/./a', 'csvs//a', 'csvs/a/', 'csvs\\a', 'csvs/a#b', 'csvs/a$b', 'csvs/[a]', 'C:/x/y'];

/** The behaviour every FileStorage must have, run against each implementation. */
function storageContract(name: string, make: () => Promise<{ storage: FileStorage; close: () => Promise<void> }>) {
  describe(name, () => {
    let storage: FileStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await make());
    });
    afterAll(async () => {
      await close?.();
    });

    it('puts, gets, lists, checks and deletes objects', async () => {
      await storage.put('csvs/1_a', 'country;year\nA;2000\n');
      await storage.put('models/job1/modelRF.json', new Uint8Array([1, 2, 3]));
      await storage.put('models/job1/modelDT.json', '{}');
      await storage.put('models/job10/modelRF.json', '{}');
      expect(new TextDecoder().decode((await storage.get('csvs/1_a')) ?? new Uint8Array())).toBe('country;year\nA;2000\n');
      expect([...((await storage.get('models/job1/modelRF.json')) ?? [])]).toEqual([1, 2, 3]);
      expect(await storage.exists('csvs/1_a')).toBe(true);
      expect(await storage.exists('csvs/missing')).toBe(false);
      expect(await storage.get('csvs/missing')).toBeNull();
      expect(await storage.list('models/job1/')).toEqual(['models/job1/modelDT.json', 'models/job1/modelRF.json']);
      expect(await storage.list('csvs/')).toEqual(['csvs/1_a']);
      await storage.put('csvs/1_a', 'replaced');
      expect(new TextDecoder().decode((await storage.get('csvs/1_a')) ?? new Uint8Array())).toBe('replaced');
      await storage.delete('csvs/1_a');
      await storage.delete('csvs/1_a');
      expect(await storage.exists('csvs/1_a')).toBe(false);
    });

    it.each(BAD_KEYS)('refuses the key %j', async (key) => {
      await expect(storage.put(key, 'x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    });
  });
}

storageContract('local disk storage', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-storage-'));
  return { storage: new LocalFileStorage(path.join(root, 'files')), close: async () => fs.rmSync(root, { recursive: true, force: true }) };
});

storageContract('S3 storage (s3rver on loopback)', async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'indicata-test' }] });
  const { port } = await server.run();
  const storage = new S3FileStorage({
    bucket: 'indicata-test',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    keyPrefix: 'deployment-a',
  });
  return {
    storage,
    close: async () => {
      storage.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
});

describe('createStorage', () => {
  it('uses DATA_DIR/files unless S3_BUCKET is set', () => {
    expect(createStorage({ dataDir: '/srv/indicata', s3: undefined }).description).toBe('local:/srv/indicata/files');
    const s3 = createStorage({ dataDir: '/srv/indicata', s3: { bucket: 'b', region: 'us-east-1', forcePathStyle: true, endpoint: 'http://minio:9000' } });
    expect(s3).toBeInstanceOf(S3FileStorage);
    (s3 as S3FileStorage).close();
  });

  it('keeps a local file out of reach of a key that resolves outside the root', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-storage-'));
    const storage = new LocalFileStorage(path.join(root, 'files'));
    await expect(storage.put('csvs/../../outside', 'x')).rejects.toThrow();
    expect(fs.existsSync(path.join(root, 'outside'))).toBe(false);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
