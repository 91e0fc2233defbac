import { InvalidStorageKeyError } from './types.ts';

/** Characters the spec's data store forbids in path segments (besides '/', the separator). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const FORBIDDEN_SEGMENT_CHARS = /[#$[\]\\\u0000-\u001F]/;

/**
 * Checks an object key and returns it. Refused: empty keys, absolute paths, backslashes, '.' and '..'
 * segments, empty segments ('a//b', trailing '/'), forbidden characters, and keys at the root (a key needs a
 * folder, as the spec's storage refuses root references for upload and download).
 */
export function validateKey(key: string): string {
  if (key === '') throw new InvalidStorageKeyError(key, 'it is empty');
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) throw new InvalidStorageKeyError(key, 'it is absolute');
  const segments = key.split('/');
  if (segments.length < 2) throw new InvalidStorageKeyError(key, 'objects at the root cannot be used');
  for (const segment of segments) {
    if (segment === '') throw new InvalidStorageKeyError(key, 'it has an empty path segment');
    if (segment === '.' || segment === '..') throw new InvalidStorageKeyError(key, 'it has a "." or ".." segment');
    if (FORBIDDEN_SEGMENT_CHARS.test(segment)) throw new InvalidStorageKeyError(key, 'it has a forbidden character');
  }
  return key;
}

/** Checks a listing prefix: '' lists everything; otherwise the same rules as keys, a trailing '/' allowed. */
export function validatePrefix(prefix: string): string {
  if (prefix === '') return prefix;
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (trimmed.startsWith('/') || trimmed.split('/').some((s) => s === '' || s === '.' || s === '..' || FORBIDDEN_SEGMENT_CHARS.test(s))) {
    throw new InvalidStorageKeyError(prefix, 'it is not a valid prefix');
  }
  return prefix;
}
