import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  buildHeaders,
  buildUrl,
  encodeBody,
  handleResponse,
  onUnauthorized,
  shouldRetryQuery,
  toTransportError,
  type Translate,
} from './api-client.ts';
import { setNotifier } from './notify.ts';

const t: Translate = (key) => `t(${key})`;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('buildUrl', () => {
  it('returns the path alone without query values', () => {
    expect(buildUrl('/api/v1/auth/role')).toBe('/api/v1/auth/role');
    expect(buildUrl('/api/v1/auth/role', {})).toBe('/api/v1/auth/role');
    expect(buildUrl('/api/v1/auth/role', { name: undefined, status: null })).toBe('/api/v1/auth/role');
  });

  it('encodes values, keeps empty strings and zero, repeats array keys', () => {
    expect(buildUrl('/api/v1/auth/role', { page: 1, limit: 10, name: 'a&b c', status: 0 })).toBe(
      '/api/v1/auth/role?page=1&limit=10&name=a%26b+c&status=0',
    );
    expect(buildUrl('/x', { name: '' })).toBe('/x?name=');
    expect(buildUrl('/x', { id: [1, 2, null, 3], ok: true })).toBe('/x?id=1&id=2&id=3&ok=true');
    expect(buildUrl('/x', { name: '中文' })).toBe('/x?name=%E4%B8%AD%E6%96%87');
  });

  it('appends to a path that already has a query', () => {
    expect(buildUrl('/x?a=1', { b: 2 })).toBe('/x?a=1&b=2');
  });
});

describe('encodeBody', () => {
  it('sends plain values as JSON', () => {
    expect(encodeBody({ name: 'r', describe: '' })).toEqual({
      body: '{"name":"r","describe":""}',
      contentType: 'application/json',
    });
    expect(encodeBody(undefined)).toEqual({});
  });

  it('leaves FormData and Blob for the browser to encode', () => {
    const form = new FormData();
    expect(encodeBody(form)).toEqual({ body: form });
    const blob = new Blob(['x']);
    expect(encodeBody(blob)).toEqual({ body: blob });
  });
});

describe('buildHeaders', () => {
  it('carries the token as it is and the interface language', () => {
    const headers = buildHeaders({ token: 'tok-1', language: 'kr', contentType: 'application/json' });
    expect(headers.get('authorization')).toBe('tok-1');
    expect(headers.get('accept-language')).toBe('kr');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('omits Authorization without a token', () => {
    expect(buildHeaders({ token: undefined, language: 'zh' }).has('authorization')).toBe(false);
  });
});

describe('handleResponse', () => {
  it('resolves to the envelope data on code 200', async () => {
    await expect(handleResponse(json({ code: 200, data: { id: 1 }, msg: 'ok' }), { translate: t })).resolves.toEqual({
      id: 1,
    });
    await expect(handleResponse(json({ code: 200, data: null, msg: 'ok' }), { translate: t })).resolves.toBeNull();
  });

  it('accepts `result` from the older endpoints', async () => {
    await expect(handleResponse(json({ code: 200, result: [1], msg: '' }), { translate: t })).resolves.toEqual([1]);
  });

  it('rejects a business code with the server message', async () => {
    const error = await rejection(
      handleResponse(json({ code: 409, data: null, msg: '角色名称已存在' }), { translate: t }),
    );
    expect(error).toMatchObject({ code: 409, msg: '角色名称已存在', kind: 'business' });
  });

  it('rejects an HTTP error with its body msg, or the default', async () => {
    const withMsg = await rejection(
      handleResponse(json({ code: 400, data: null, msg: '参数无效' }, 400), { translate: t }),
    );
    expect(withMsg).toMatchObject({ code: 400, msg: '参数无效', kind: 'http' });

    const emptyMsg = await rejection(handleResponse(json({ code: 500, data: null, msg: '' }, 500), { translate: t }));
    expect(emptyMsg).toMatchObject({ code: 500, msg: 't(errors.serviceException)' });

    const html = await rejection(
      handleResponse(new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }), {
        translate: t,
      }),
    );
    expect(html).toMatchObject({ code: 502, msg: 't(errors.serviceException)', kind: 'http' });

    const broken = await rejection(
      handleResponse(new Response('{not json', { status: 500, headers: { 'content-type': 'application/json' } }), {
        translate: t,
      }),
    );
    expect(broken).toMatchObject({ code: 500, msg: 't(errors.serviceException)' });
  });

  it("turns an HTTP or envelope 401 into the unauthorized error carrying the server's reason", async () => {
    const http = await rejection(
      handleResponse(json({ code: 401, data: null, msg: 'account disabled' }, 401), { translate: t }),
    );
    expect(http).toMatchObject({ code: 401, msg: 'account disabled', kind: 'unauthorized' });
    const envelope = await rejection(handleResponse(json({ code: 401, data: null, msg: 'x' }), { translate: t }));
    expect(envelope).toMatchObject({ kind: 'unauthorized', msg: 'x' });
    // No reason given: the contract's own words.
    const bare = await rejection(handleResponse(new Response('', { status: 401 }), { translate: t }));
    expect(bare).toMatchObject({ kind: 'unauthorized', msg: 't(errors.sessionExpired)' });
  });

  it('rejects a 200 that is not an envelope', async () => {
    const error = await rejection(handleResponse(json({ hello: 'world' }), { translate: t }));
    expect(error).toMatchObject({ kind: 'http', msg: 't(errors.serviceException)' });
  });

  it('passes a download through as a Blob', async () => {
    const response = new Response('\uFEFFa,b\n1,2\n', { headers: { 'content-type': 'text/csv' } });
    const blob = await handleResponse<Blob>(response, { responseType: 'blob', translate: t });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toContain('a,b');
  });

  it('still reports an error envelope sent in place of a download', async () => {
    const error = await rejection(
      handleResponse(json({ code: 403, data: null, msg: '暂无权限' }, 403), { responseType: 'blob', translate: t }),
    );
    expect(error).toMatchObject({ code: 403, msg: '暂无权限' });
  });
});

describe('shouldRetryQuery', () => {
  it('retries a server or network failure once', () => {
    expect(shouldRetryQuery(0, new ApiError(500, 'x', 'http'))).toBe(true);
    expect(shouldRetryQuery(0, toTransportError(true, t))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(500, 'x', 'http'))).toBe(false);
  });

  it('never retries a client error or a cancellation', () => {
    expect(shouldRetryQuery(0, new ApiError(400, 'x', 'business'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(401, 'x', 'unauthorized'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, 'x', 'http'))).toBe(false);
    expect(shouldRetryQuery(0, new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});

describe('apiRequest', () => {
  const shown: string[] = [];
  let restoreNotifier: () => void = () => {};
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await i18next.init({
      lng: 'kr',
      resources: {
        kr: {
          translation: {
            errors: {
              requestTimeout: '요청 시간이 초과되었습니다',
              serviceException: '서비스 오류',
              sessionExpired: '로그인 시간이 초과되었습니다',
            },
          },
        },
      },
    });
  });

  beforeEach(() => {
    shown.length = 0;
    restoreNotifier = setNotifier({
      error: (text) => shown.push(text),
      warning: () => {},
      success: () => {},
      clear: () => {},
    });
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('document', { cookie: 'token=tok-42; other=1' });
  });

  afterEach(() => {
    restoreNotifier();
    vi.unstubAllGlobals();
  });

  it('sends token, language and JSON body, and resolves to data', async () => {
    fetchMock.mockResolvedValue(json({ code: 200, data: { id: 7 }, msg: '' }));
    const data = await apiRequest<{ id: number }>('POST', '/api/v1/auth/role', {
      query: { page: 1 },
      body: { name: 'ops' },
    });
    expect(data).toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/role?page=1');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"name":"ops"}');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('tok-42');
    expect(headers.get('accept-language')).toBe('kr');
    expect(shown).toEqual([]);
  });

  it('shows the server message and rejects on a business error', async () => {
    fetchMock.mockResolvedValue(json({ code: 409, data: null, msg: '이미 존재합니다' }));
    const error = await rejection(apiRequest('GET', '/api/x'));
    expect(error.code).toBe(409);
    expect(shown).toEqual(['이미 존재합니다']);
  });

  it('does not show the message of a silent call', async () => {
    fetchMock.mockResolvedValue(json({ code: 409, data: null, msg: 'nope' }));
    await rejection(apiRequest('GET', '/api/x', { silent: true }));
    expect(shown).toEqual([]);
  });

  it('times out with the translated timeout message', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await rejection(apiRequest('GET', '/api/slow', { timeoutMs: 20 }));
    expect(error).toMatchObject({ code: 0, kind: 'timeout', msg: '요청 시간이 초과되었습니다' });
    expect(shown).toEqual(['요청 시간이 초과되었습니다']);
  });

  it('reports a dead network with the same message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(apiRequest('GET', '/api/x'));
    expect(error).toMatchObject({ code: 0, kind: 'network', msg: '요청 시간이 초과되었습니다' });
  });

  it('rejects a call cancelled by its caller quietly', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = apiRequest('GET', '/api/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(shown).toEqual([]);
  });

  it('hands a 401 with its reason to the logout handler instead of a toast', async () => {
    const handler = vi.fn();
    const restore = onUnauthorized(handler);
    try {
      fetchMock.mockResolvedValue(json({ code: 401, data: null, msg: 'expired' }, 401));
      const error = await rejection(apiRequest('GET', '/api/v1/user/base/info'));
      expect(error.kind).toBe('unauthorized');
      expect(shown).toEqual([]);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(handler.mock.calls[0]![0]).toMatchObject({ msg: 'expired' });
    } finally {
      restore();
    }
  });
});
