import { Z_OK } from '@seller-centre/contract/envelope';
import { webPaths } from '@seller-centre/contract/paths';
import i18next from 'i18next';
import { resolveLanguage, storedLanguage } from './languages.ts';
import { notify } from './notify.ts';
import { clearSession, getToken } from './session.ts';

/**
 * The one way the browser talks to the API (docs/api.md): the token and the
 * interface language on every call, a timeout, the envelope unwrapped, and every failure shown
 * to the user once, in their language, before the promise rejects.
 */

/** docs/product.md. */
const DEFAULT_TIMEOUT_MS = 20_000;
/** Payment calls and CSV exports wait longer (docs/product.md, docs/product.md). */
export const LONG_TIMEOUT_MS = 60_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;
export type ResponseType = 'json' | 'blob';

export type RequestOptions = {
  /** Appended to the path; `undefined` and `null` values are left out, arrays repeat the key. */
  query?: Query;
  /** Plain values are sent as JSON; FormData, Blob and URLSearchParams as they are. */
  body?: unknown;
  /** Cancels the call without an error message (React Query passes one). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** 'blob' for downloads: a successful non-JSON response resolves to the Blob itself. */
  responseType?: ResponseType;
  /** Rejects without showing the message (the caller shows its own); 401 still logs out. */
  silent?: boolean;
  /**
   * Another session than the seller's (the operator console): the token sent instead of the
   * seller's, and what a 401 does instead of ending the seller's session.
   */
  session?: ApiSession;
};

export type ApiSession = { token: () => string | undefined; onUnauthorized: (error: ApiError) => void };

/**
 * - `business`: the envelope's code is not 200 (the server's `msg`)
 * - `http`: an HTTP error status with no usable envelope
 * - `unauthorized`: HTTP or envelope 401; the session is over
 * - `timeout` / `network`: no response at all (code 0)
 */
export type ApiErrorKind = 'business' | 'http' | 'unauthorized' | 'timeout' | 'network';

export class ApiError extends Error {
  /** The envelope code, which equals the HTTP status; 0 when there was no response. */
  readonly code: number;
  /** The message as shown to the user, already in their language. */
  readonly msg: string;
  readonly kind: ApiErrorKind;

  constructor(code: number, msg: string, kind: ApiErrorKind) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.kind = kind;
  }
}

export type Translate = (key: string) => string;

const errorKeys = {
  timeout: 'errors.requestTimeout',
  serviceException: 'errors.serviceException',
  sessionExpired: 'errors.sessionExpired',
} as const;

const translateWithI18next: Translate = (key) => i18next.t(key);

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

export function encodeBody(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (isRawBody(body)) return { body };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

export function buildHeaders(input: {
  token: string | undefined;
  language: string;
  contentType?: string;
  responseType?: ResponseType;
}): Headers {
  const headers = new Headers();
  headers.set('Accept', input.responseType === 'blob' ? '*/*' : 'application/json');
  headers.set('Accept-Language', input.language);
  if (input.token) headers.set('Authorization', input.token);
  if (input.contentType) headers.set('Content-Type', input.contentType);
  return headers;
}

type Envelope = { code: number; data?: unknown; result?: unknown; msg?: unknown };

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

function messageOf(body: unknown, fallback: string): string {
  const msg = isEnvelope(body) ? body.msg : undefined;
  return typeof msg === 'string' && msg.trim() !== '' ? msg : fallback;
}

/**
 * Turns a response into the envelope's `data`, or throws the ApiError the user should see.
 * No side effects: showing the message and logging out are the caller's (`apiRequest`).
 */
export async function handleResponse<T>(
  response: Response,
  options: { responseType?: ResponseType; translate?: Translate } = {},
): Promise<T> {
  const t = options.translate ?? translateWithI18next;
  const isJson = (response.headers.get('content-type') ?? '').toLowerCase().includes('json');
  if (!isJson) {
    if (response.status === 401) throw new ApiError(401, t(errorKeys.sessionExpired), 'unauthorized');
    if (response.ok && options.responseType === 'blob') return (await response.blob()) as T;
    if (response.status === 204) return undefined as T;
    throw new ApiError(response.ok ? 500 : response.status, t(errorKeys.serviceException), 'http');
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    if (response.status === 401) throw new ApiError(401, t(errorKeys.sessionExpired), 'unauthorized');
    throw new ApiError(response.ok ? 500 : response.status, t(errorKeys.serviceException), 'http');
  }

  // docs/product.md: a 401 says the server's message (why the session ended: expired, or the
  // account disabled meanwhile), then logs out.
  if (response.status === 401 || (isEnvelope(body) && body.code === 401)) {
    throw new ApiError(401, messageOf(body, t(errorKeys.sessionExpired)), 'unauthorized');
  }

  if (!response.ok) {
    throw new ApiError(response.status, messageOf(body, t(errorKeys.serviceException)), 'http');
  }
  if (!isEnvelope(body)) {
    throw new ApiError(500, t(errorKeys.serviceException), 'http');
  }
  if (body.code !== Z_OK) {
    throw new ApiError(body.code, messageOf(body, t(errorKeys.serviceException)), 'business');
  }
  // docs/api.md: the payload is `data`, or `result` on the older endpoints.
  return ('data' in body ? body.data : body.result) as T;
}

/** A fetch that produced no response: the contract has one message for both a timeout and a dead network. */
export function toTransportError(timedOut: boolean, translate: Translate = translateWithI18next): ApiError {
  return new ApiError(0, translate(errorKeys.timeout), timedOut ? 'timeout' : 'network');
}

/**
 * React Query's retry rule: one more try for a query that failed on the network or the server,
 * never for a client error (4xx: asking again gives the same answer) or a cancelled call.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (error instanceof ApiError) return error.code === 0 || error.code >= 500;
  return !(error instanceof DOMException && error.name === 'AbortError');
}

/** Told about every 401 (with the server's reason); it shows the reason and ends the session. */
type UnauthorizedHandler = (error: ApiError) => void;

function defaultUnauthorizedHandler(error: ApiError): void {
  notify.warning(error.msg);
  clearSession();
  if (typeof location !== 'undefined' && location.pathname !== webPaths.login) {
    location.replace(webPaths.login);
  }
}

let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/**
 * Replaces what happens after a 401 (default: clear the token, user info and local values
 * except language and defaultChoose, then load /login). Returns a function restoring the default.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = defaultUnauthorizedHandler;
  };
}

/**
 * The interface language for Accept-Language. The first calls (the route guard's) can go out
 * before i18next has settled on a language: then the saved choice decides, so the server's
 * first messages are not in the default language.
 */
function currentLanguage(): string {
  const settled = i18next.resolvedLanguage ?? i18next.language;
  if (settled) return resolveLanguage(settled);
  try {
    return storedLanguage(typeof localStorage === 'undefined' ? undefined : localStorage);
  } catch {
    return resolveLanguage(undefined);
  }
}

/** How a call reaches the API: the browser's fetch, or the server's own when it renders a page. */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** Sends every call through `next` instead of the browser's fetch (server-render.tsx, on the server). */
export function setTransport(next: Transport): void {
  transport = next;
}

/**
 * Calls the API and resolves to the envelope's `data` (or the Blob of a download). On failure
 * the message has been shown (unless `silent`) and the promise rejects with an ApiError; a call
 * cancelled through `signal` rejects with its AbortError and shows nothing.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const { body, contentType } = encodeBody(options.body);
  const headers = buildHeaders({
    token: options.session ? options.session.token() : getToken(),
    language: currentLanguage(),
    contentType,
    responseType: options.responseType,
  });

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const cancel = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel, { once: true });

  try {
    const response = await transport(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
    return await handleResponse<T>(response, { responseType: options.responseType });
  } catch (caught) {
    const error = caught instanceof ApiError || options.signal?.aborted ? caught : toTransportError(timedOut);
    if (error instanceof ApiError) {
      // A 401's reason is the handler's to show (on the login page), not a toast that the
      // navigation to login would leave behind.
      if (error.kind === 'unauthorized') (options.session?.onUnauthorized ?? unauthorizedHandler)(error);
      else if (!options.silent) notify.error(error.msg);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}
