/**
 * How long a refusal for a limit (a token's prediction rate, the active-job quota) waits before it is answered. A
 * client that keeps sending past its limit then gets one answer a second per connection instead of thousands, so
 * a flood of refusals cannot crowd out other requests on the event loop (`bench/refusals.ts`); a person sees the
 * message a moment later.
 */
export const REFUSED_ANSWER_DELAY_MS = 1_000;

/** Waits REFUSED_ANSWER_DELAY_MS (call it just before throwing the refusal). */
export function delayRefusal(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, REFUSED_ANSWER_DELAY_MS));
}
