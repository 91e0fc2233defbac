import { LOCAL_STORAGE_KEYS } from '@indicata/contracts';

/**
 * Non-secret hints about who signed in on this browser. The session itself is an httpOnly cookie the
 * page cannot read; these only let the UI decide quickly whether to ask the server at all.
 */
export interface SessionHints {
  userID: string;
  userEmail: string;
}

/** The first version kept its token here; we never write it, but sign-out removes any stale copy. */
const LEGACY_TOKEN_KEY = 'authToken';

export function saveSessionHints(user: { id: string; email: string }): void {
  try {
    localStorage.setItem(LOCAL_STORAGE_KEYS.userID, user.id);
    localStorage.setItem(LOCAL_STORAGE_KEYS.userEmail, user.email);
  } catch {
    // Storage can be unavailable (private mode, quota); the cookie session still works.
  }
}

export function readSessionHints(): SessionHints | null {
  try {
    const userID = localStorage.getItem(LOCAL_STORAGE_KEYS.userID);
    if (!userID) return null;
    return { userID, userEmail: localStorage.getItem(LOCAL_STORAGE_KEYS.userEmail) ?? '' };
  } catch {
    return null;
  }
}

export function clearSessionHints(): void {
  try {
    localStorage.removeItem(LOCAL_STORAGE_KEYS.userID);
    localStorage.removeItem(LOCAL_STORAGE_KEYS.userEmail);
    localStorage.removeItem(LEGACY_TOKEN_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
