/**
 * Sign-in throttling per (account, client address) with exponential backoff, so passwords cannot be guessed
 * at the speed of the server. Failures
 * from one address slow down only that address's attempts on that account, so nobody can lock a user out from
 * elsewhere; a successful sign-in clears the record. In memory, per process: behind several http processes
 * each keeps its own count (the per-address limit of routes.ts still applies everywhere).
 */
export interface LoginThrottleSettings {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The first wait; it doubles with each further failure. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** A record with no failure for this long is forgotten. */
  forgetAfterMs: number;
  /** Records kept at most (the oldest are dropped first), so the map cannot grow without bound. */
  maxEntries: number;
}

export const LOGIN_THROTTLE: LoginThrottleSettings = {
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
  maxEntries: 100_000,
};

interface Entry {
  failures: number;
  lastFailure: number;
  blockedUntil: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly settings: LoginThrottleSettings = LOGIN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  private key(email: string, address: string): string {
    return `${email.trim().toLowerCase()}\u0000${address}`;
  }

  private entry(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.lastFailure > this.settings.forgetAfterMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Milliseconds to wait before this address may try this account again (0: it may try now). */
  waitMs(email: string, address: string): number {
    const entry = this.entry(this.key(email, address));
    return entry ? Math.max(0, entry.blockedUntil - this.now()) : 0;
  }

  /** Records a failed attempt; past the free failures, each one doubles the wait. */
  failed(email: string, address: string): void {
    const key = this.key(email, address);
    const now = this.now();
    const entry = this.entry(key) ?? { failures: 0, lastFailure: now, blockedUntil: 0 };
    entry.failures += 1;
    entry.lastFailure = now;
    const over = entry.failures - this.settings.freeFailures;
    if (over > 0) entry.blockedUntil = now + Math.min(this.settings.maxDelayMs, this.settings.baseDelayMs * 2 ** Math.min(30, over - 1));
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.settings.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** A successful sign-in forgets the failures of this account from this address. */
  succeeded(email: string, address: string): void {
    this.entries.delete(this.key(email, address));
  }
}
