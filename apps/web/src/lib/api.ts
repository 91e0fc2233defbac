import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@indicata/contracts';
import { ApiRequestError, networkError, toApiRequestError } from './api-error.ts';
import { isRetryableStatus, OPERATION_RETRY, UPLOAD_RETRY, withRetry, type RetryPolicy } from './retry.ts';
import { clearSessionHints } from './session-hints.ts';

export { ApiRequestError } from './api-error.ts';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Retry on 5xx/408/429/network failures. Default: true for GET, PUT and DELETE; false for POST. */
  retry?: boolean;
  /** Treat a 401 as "the session ended" (clear hints, go to /). Default: true except under /api/auth/. */
  redirectOnUnauthorized?: boolean;
  /** Extra request headers (e.g. a job submission's Idempotency-Key). */
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const IDEMPOTENT: ReadonlySet<Method> = new Set(['GET', 'PUT', 'DELETE']);

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = () => {
  window.location.assign('/');
};

/**
 * What happens when a protected call answers 401: the app installs a handler that resets its caches
 * and navigates to / inside the SPA. Session hints are always cleared first.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

/** Calls that need no session (sign-in, sign-out, the public configuration, health). */
const isPublicCall = (url: string): boolean => url.startsWith('/api/auth/') || url === '/api/config/public' || url === '/api/health';
let signedOut = false;

/**
 * From a sign-out until the next sign-in, calls that need a session are refused here without being sent: a
 * page that mounts or refetches while the sign-out runs would only get a 401 (and its console error).
 * @param value true at the start of a sign-out, false at a sign-in
 */
export function setSignedOut(value: boolean): void {
  signedOut = value;
}

/** Test hook: the retry policies, replaced with fast ones in unit tests. */
export const retryPolicies: { operation: RetryPolicy; upload: RetryPolicy } = {
  operation: OPERATION_RETRY,
  upload: UPLOAD_RETRY,
};

/** `/api/...` paths are used as given; any other path gets the `/api` prefix. */
export function apiUrl(path: string): string {
  if (path.startsWith('/api/') || path === '/api') return path;
  return `/api${path.startsWith('/') ? '' : '/'}${path}`;
}

function isRetryableError(error: unknown): boolean {
  return error instanceof ApiRequestError && isRetryableStatus(error.status);
}

function retryAfterMs(error: unknown): number | undefined {
  return error instanceof ApiRequestError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : undefined;
}

function handleUnauthorized(url: string, options: RequestOptions | undefined): void {
  const redirect = options?.redirectOnUnauthorized ?? !url.startsWith('/api/auth/');
  if (!redirect) return;
  clearSessionHints();
  unauthorizedHandler();
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return text;
}

async function send<T>(method: Method, path: string, body: unknown, options?: RequestOptions): Promise<T> {
  const url = apiUrl(path);
  if (signedOut && !isPublicCall(url)) throw new ApiRequestError({ status: 401, code: 'unauthenticated', message: 'Signed out.' });
  const headers: Record<string, string> = { ...options?.headers, Accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  const attempt = async (): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
        credentials: 'same-origin',
        signal: options?.signal,
      });
    } catch (cause) {
      if (options?.signal?.aborted) throw cause;
      throw networkError(cause);
    }
    const parsed = await readBody(response);
    if (!response.ok) throw toApiRequestError(response.status, parsed, response.headers.get('retry-after'));
    return parsed as T;
  };

  const retry = options?.retry ?? IDEMPOTENT.has(method);
  try {
    return retry
      ? await withRetry(attempt, { policy: retryPolicies.operation, isRetryable: isRetryableError, retryAfterMs, signal: options?.signal })
      : await attempt();
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) handleUnauthorized(url, options);
    throw error;
  }
}

/** One multipart POST through XMLHttpRequest, which (unlike fetch) reports upload progress. */
function uploadOnce<T>(url: string, formData: FormData, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      let parsed: unknown = undefined;
      if (xhr.responseText) {
        try {
          parsed = JSON.parse(xhr.responseText);
        } catch {
          parsed = xhr.responseText;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(parsed as T);
      } else {
        reject(toApiRequestError(xhr.status, parsed, xhr.getResponseHeader('retry-after')));
      }
    };
    xhr.onerror = () => reject(networkError(new Error('Upload failed')));
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    xhr.send(formData);
  });
}

/** One GET of a file, read chunk by chunk so that the share received so far can be reported. */
async function downloadOnce(url: string, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw networkError(cause);
  }
  if (!response.ok) throw toApiRequestError(response.status, await readBody(response), response.headers.get('retry-after'));
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const total = Number(response.headers.get('content-length') ?? 0);
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress?.(0);
  for (;;) {
    let part: ReadableStreamReadResult<Uint8Array>;
    try {
      part = await reader.read();
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw networkError(cause);
    }
    if (part.done) break;
    chunks.push(part.value);
    received += part.value.byteLength;
    if (total > 0) onProgress?.(Math.min(1, received / total));
  }
  onProgress?.(1);
  return new Blob(chunks as BlobPart[], { type });
}

/** A transfer with progress (upload or download), retried on 5xx/408/429 within `policy`; a 401 signs the page out. */
async function withProgress<T>(path: string, policy: RetryPolicy, once: (url: string) => Promise<T>, options?: RequestOptions): Promise<T> {
  const url = apiUrl(path);
  try {
    return await withRetry(() => once(url), {
      policy,
      isRetryable: (error) => (options?.retry ?? true) && isRetryableError(error),
      retryAfterMs,
      signal: options?.signal,
    });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) handleUnauthorized(url, options);
    throw error;
  }
}

/**
 * The typed client over the API. Errors are ApiRequestError; mutations carry the CSRF header;
 * idempotent calls retry on 5xx/408/429 with doubling backoff (up to 64x) within 120 s, uploads within 600 s.
 */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => send<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => send<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => send<T>('PUT', path, body, options),
  del: <T = void>(path: string, options?: RequestOptions) => send<T>('DELETE', path, undefined, options),
  /** A file (GET) as a Blob, with download progress (0..1, when the server sends its length). Retried like a GET. */
  download: (path: string, onProgress?: (fraction: number) => void, options?: RequestOptions): Promise<Blob> => {
    if (signedOut) return Promise.reject(new ApiRequestError({ status: 401, code: 'unauthenticated', message: 'Signed out.' }));
    return withProgress(path, retryPolicies.operation, (url) => downloadOnce(url, onProgress, options?.signal), options);
  },
  /** Multipart upload with progress (0..1). Retried on 5xx/408/429 within the upload budget. */
  upload: <T>(path: string, formData: FormData, onProgress?: (fraction: number) => void, options?: RequestOptions): Promise<T> =>
    withProgress(path, retryPolicies.upload, (url) => uploadOnce<T>(url, formData, onProgress, options?.signal), options),
};
