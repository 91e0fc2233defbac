/**
 * Where uploaded CSVs and model files live. Keys are relative, slash-separated paths such as
 * `csvs/1700000000000_data` or `models/{jobId}/modelRF.json`.
 */
export interface FileStorage {
  /** Stores (or replaces) the object at key. */
  put(key: string, data: Uint8Array | string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Keys under a prefix (e.g. `models/{jobId}/`), sorted. */
  list(prefix: string): Promise<string[]>;
  /** A short description for logs, e.g. `local:/data/files` or `s3:bucket`. */
  readonly description: string;
}

/** A key the storage refuses (empty, absolute, `..`, root level, or characters the data store forbids). */
export class InvalidStorageKeyError extends Error {
  readonly code = 'invalid-argument';
  constructor(key: string, reason: string) {
    super(`Storage key ${JSON.stringify(key)} is not allowed: ${reason}`);
  }
}
