import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most used passwords are refused: the first guesses of any password-spraying attack. */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

/**
 * Whether a password is among the 10,000 most common ones (zxcvbn-ts's list, ordered by frequency), ignoring
 * letter case and surrounding spaces: these are the first an attacker tries.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}
