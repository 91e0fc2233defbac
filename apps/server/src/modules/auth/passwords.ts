import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolatedModules cannot import). */
const ARGON2ID = 2;
/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The stored value of an account that cannot sign in with a password (the demo). */
export const NO_PASSWORD = '!';

/** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`) of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `storedHash`. A missing account or an account without a password is checked
 * against a dummy hash, so the answer takes the same time whether or not the e-mail is registered.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash || !storedHash.startsWith('$argon2')) {
    dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
