/**
 * A small client for the WHO GHO OData API (https://ghoapi.azureedge.net/api): a request throttle, retries on
 * 5xx/408/429 and network failures with doubling backoff (honouring Retry-After), `@odata.nextLink` paging,
 * and an error that says plainly when the API cannot be reached.
 */

export interface GhoClientOptions {
  /** Base URL without a trailing slash, e.g. https://ghoapi.azureedge.net/api */
  baseUrl: string;
  /** Smallest gap between two requests (ms). Default 200. */
  minIntervalMs?: number;
  /** Attempts per request, the first included. Default 6. */
  attempts?: number;
  /** First retry delay (ms), doubled each time up to 64x. Default 500. */
  initialBackoffMs?: number;
  /** Per-request timeout (ms). Default 60 000. */
  timeoutMs?: number;
  /** For tests. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Told about each retry (status or network error, delay). */
  onRetry?: (info: { url: string; attempt: number; delayMs: number; reason: string }) => void;
}

/** The API could not be reached at all (offline, DNS, refused): nothing to retry into. */
export class WhoApiUnreachableError extends Error {}
/** The API answered with an error that retries did not fix, or with something that is not OData JSON. */
export class WhoApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
  }
}

const RETRYABLE = (status: number) => status >= 500 || status === 408 || status === 429;
const MAX_BACKOFF_FACTOR = 64;

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

export interface GhoClient {
  /** Every item of a collection, following `@odata.nextLink`. */
  getAll<T>(path: string, onPage?: (items: number) => void): Promise<T[]>;
}

export function createGhoClient(options: GhoClientOptions): GhoClient {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const minInterval = options.minIntervalMs ?? 200;
  const attempts = options.attempts ?? 6;
  const initialBackoff = options.initialBackoffMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 60_000;
  let nextSlot = 0;

  async function throttle(): Promise<void> {
    const now = Date.now();
    const wait = nextSlot - now;
    nextSlot = Math.max(now, nextSlot) + minInterval;
    if (wait > 0) await sleep(wait);
  }

  async function getJson(url: string): Promise<unknown> {
    let lastReason = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      await throttle();
      let response: Response;
      try {
        response = await doFetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        lastReason = describeNetworkError(error);
        const unreachable = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH/.test(lastReason);
        // An unreachable host gets one more try before the machine is called offline; other network errors
        // (resets, timeouts) get the full retry budget.
        if (attempt === attempts || (unreachable && attempt >= 2)) {
          throw new WhoApiUnreachableError(
            `Cannot reach the WHO GHO API at ${options.baseUrl} (${lastReason}). This machine may be offline or the address may be wrong: ` +
              'check WHO_API_URL, or import a folder of GHO exports instead with npm run who:import -- --from <folder>.',
          );
        }
        await backoff(url, attempt, lastReason);
        continue;
      }
      if (response.ok) {
        try {
          return await response.json();
        } catch (_error) {
          throw new WhoApiError(`${url} did not answer with JSON.`, response.status);
        }
      }
      lastReason = `HTTP ${response.status}`;
      await response.body?.cancel().catch(() => {});
      if (!RETRYABLE(response.status)) {
        throw new WhoApiError(`${url} answered HTTP ${response.status}${response.status === 404 ? ' (no such indicator or path)' : ''}.`, response.status);
      }
      if (attempt === attempts) break;
      const retryAfter = Number(response.headers.get('retry-after'));
      await backoff(url, attempt, lastReason, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined);
    }
    throw new WhoApiError(`${url} kept failing (${lastReason}) after ${attempts} attempts.`, 503);
  }

  async function backoff(url: string, attempt: number, reason: string, requestedMs?: number): Promise<void> {
    const delayMs = requestedMs ?? initialBackoff * Math.min(2 ** (attempt - 1), MAX_BACKOFF_FACTOR);
    options.onRetry?.({ url, attempt, delayMs, reason });
    await sleep(delayMs);
  }

  return {
    async getAll<T>(path: string, onPage?: (items: number) => void): Promise<T[]> {
      const items: T[] = [];
      let url: string | undefined = `${options.baseUrl}/${path.replace(/^\/+/, '')}`;
      const seen = new Set<string>();
      while (url) {
        if (seen.has(url)) throw new WhoApiError(`${url} links to itself as its next page.`, 502);
        seen.add(url);
        const body = (await getJson(url)) as { value?: unknown; '@odata.nextLink'?: unknown };
        if (!Array.isArray(body.value)) throw new WhoApiError(`${url} did not answer with an OData "value" list.`, 502);
        items.push(...(body.value as T[]));
        onPage?.(items.length);
        const next = body['@odata.nextLink'];
        url = typeof next === 'string' && next !== '' ? new URL(next, url).toString() : undefined;
      }
      return items;
    },
  };
}
