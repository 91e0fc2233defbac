import { LIMITS } from './limits.ts';

const ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
let lastTime = 0;
const lastRandom: number[] = [];

/**
 * A 20-character, time-ordered id (8 characters of milliseconds, 12 random), sortable as text.
 * Ids made in the same millisecond stay ordered by incrementing the random part.
 */
export function newId(now: number = Date.now()): string {
  const duplicate = now === lastTime;
  lastTime = now;
  const timeChars: string[] = [];
  let t = now;
  for (let i = 0; i < 8; i++) {
    timeChars.unshift(ALPHABET.charAt(t % 64));
    t = Math.floor(t / 64);
  }
  if (!duplicate || lastRandom.length !== 12) {
    const bytes = new Uint8Array(12);
    globalThis.crypto.getRandomValues(bytes);
    lastRandom.length = 0;
    for (const b of bytes) lastRandom.push(b % 64);
  } else {
    let i = 11;
    while (i >= 0 && lastRandom[i] === 63) {
      lastRandom[i] = 0;
      i--;
    }
    if (i >= 0) lastRandom[i] = (lastRandom[i] ?? 0) + 1;
  }
  const id = timeChars.join('') + lastRandom.map((n) => ALPHABET.charAt(n)).join('');
  return id.slice(0, LIMITS.generatedIdLength);
}

const FORBIDDEN_KEY_CHARS = /[.#$/[\]]/;

/** Whether a record key is acceptable (non-empty, none of . # $ / [ ]), as the spec's data store requires. */
export function isValidKey(key: string): boolean {
  return key.length > 0 && !FORBIDDEN_KEY_CHARS.test(key);
}

/** The shape of a generated id, for validating ids that arrive in URLs. */
export const ID_PATTERN = /^[-0-9A-Za-z_]{20}$/;
