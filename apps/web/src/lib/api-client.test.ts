import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  contentDispositionFileName,
  createApiClient,
  NETWORK_FAILURE,
  nextLinkOf,
  RequiredError,
  shouldRetry,
} from './api-client.ts';

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/problem+json' },
  });

describe('retry policy', () => {
  it('retries non-write methods once on 408, 409, 425, 429, 500, 502, 503, 504', () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      expect(shouldRetry('GET', status, 0)).toBe(true);
      expect(shouldRetry('GET', status, 1)).toBe(false);
      expect(shouldRetry('HEAD', status, 0)).toBe(true);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
        expect(shouldRetry(method, status, 0)).toBe(false);
    }
    for (const status of [400, 401, 403, 404, 501]) expect(shouldRetry('GET', status, 0)).toBe(false);
  });

  it('sends a GET twice on 503 and a PUT once', async () => {
    const fetch = vi.fn(async () => json(503, { code: 'SERVICE_UNAVAILABLE' }));
    const client = createApiClient({ fetch });
    await expect(client.request({ operation: 'get', path: '/x' })).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(2);
    fetch.mockClear();
    await expect(client.request({ operation: 'put', path: '/x', method: 'PUT', body: {} })).rejects.toThrow();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('error mapping', () => {
  it('keeps status, statusText and the JSON body as details', async () => {
    const client = createApiClient({
      fetch: async () => json(403, { code: 'FORBIDDEN', detail: 'no' }, 'Forbidden'),
    });
    const error = (await client.request({ operation: 'get', path: '/x' }).catch((e) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(error.statusText).toBe('Forbidden');
    expect(error.details).toEqual({ code: 'FORBIDDEN', detail: 'no' });
    expect(error.code).toBe('FORBIDDEN');
  });

  it("defaults statusText to 'Error' and wraps a text body as { message }", async () => {
    const client = createApiClient({ fetch: async () => new Response('Bad gateway text', { status: 400 }) });
    const error = (await client.request({ operation: 'get', path: '/x' }).catch((e) => e)) as ApiError;
    expect(error.statusText).toBe('Error');
    expect(error.details).toEqual({ message: 'Bad gateway text' });
  });

  it('reports a network failure with the specified message', async () => {
    const client = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = (await client.request({ operation: 'get', path: '/x' }).catch((e) => e)) as ApiError;
    expect(error.details.message).toBe(NETWORK_FAILURE);
  });

  it('raises a missing required parameter before sending', async () => {
    const fetch = vi.fn();
    const client = createApiClient({ fetch });
    const call = client.request({
      operation: 'getCustomer',
      path: '/api/v2/customer/{customer_id}',
      params: {},
    });
    await expect(call).rejects.toBeInstanceOf(RequiredError);
    await expect(call).rejects.toThrow(
      'Required parameter "customer_id" was null or undefined when calling getCustomer().',
    );
    const lookup = client.request({
      operation: 'findCustomer',
      path: '/api/admin/v2/customer',
      query: { link_type: 'accounting' },
      requiredQuery: ['link_type', 'link_id'],
    });
    await expect(lookup).rejects.toThrow(
      'Required parameter "link_id" was null or undefined when calling findCustomer().',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('adds the bearer token and encodes path parameters', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, { ok: true }));
    const client = createApiClient({ fetch, getToken: () => 'tkn' });
    await client.request({
      operation: 'x',
      path: '/a/{id}',
      params: { id: 'b/c' },
      query: { q: 'x y', empty: '' },
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/a/b%2Fc?q=x+y');
    const init = fetch.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer tkn');
  });
});

describe('bodies', () => {
  it('sends JSON with its content type', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(201, { ok: 1 }));
    const client = createApiClient({ fetch });
    await client.request({ operation: 'post', path: '/x', method: 'POST', body: { a: 1 } });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string> | undefined)?.['content-type']).toBe('application/json');
  });

  it('sends FormData as it is, leaving the multipart content type with its boundary to fetch', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(201, { ok: 1 }));
    const client = createApiClient({ fetch, getToken: () => 'tkn' });
    const form = new FormData();
    form.append('subject', 'Printer');
    form.append('attachments', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
    await client.request({ operation: 'post', path: '/x', method: 'POST', body: form });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    const headers = init?.headers as Record<string, string> | undefined;
    expect(headers?.['content-type']).toBeUndefined();
    expect(headers?.authorization).toBe('Bearer tkn');
    // What goes over the wire: a real multipart body with the file.
    const wire = new Request('http://test/x', { method: 'POST', body: form });
    expect(wire.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await wire.text()).toContain('filename="a.txt"');
  });

  it('answers the headers with the data when asked, for paged lists', async () => {
    const client = createApiClient({
      fetch: async () =>
        new Response('[1,2]', {
          status: 200,
          headers: { 'content-type': 'application/json', link: '</x?cursor=abc>; rel="next"' },
        }),
    });
    const { data, headers } = await client.requestWithHeaders<number[]>({ operation: 'list', path: '/x' });
    expect(data).toEqual([1, 2]);
    expect(nextLinkOf(headers.get('link'))).toBe('/x?cursor=abc');
  });
});

describe('downloads', () => {
  it('answers the body as a Blob with the UTF-8 file name, with the token', async () => {
    const fetch = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) =>
        new Response(new Uint8Array([137, 80, 78, 71]), {
          status: 200,
          headers: {
            'content-type': 'image/png',
            'content-disposition': `attachment; filename="scherm_afdruk.png"; filename*=UTF-8''scherm%20afdruk%20%C3%A9.png`,
          },
        }),
    );
    const client = createApiClient({ fetch, getToken: () => 'tkn' });
    const { blob, fileName } = await client.download({ operation: 'get', path: '/file' });
    expect(fileName).toBe('scherm afdruk é.png');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([137, 80, 78, 71]);
    expect((fetch.mock.calls[0]?.[1]?.headers as Record<string, string> | undefined)?.authorization).toBe(
      'Bearer tkn',
    );
  });

  it('raises a failed download as an ApiError with the problem code', async () => {
    const client = createApiClient({
      fetch: async () => json(404, { code: 'ATTACHMENT_NOT_FOUND' }, 'Not Found'),
    });
    const error = (await client.download({ operation: 'get', path: '/file' }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('ATTACHMENT_NOT_FOUND');
  });
});

describe('header parsing', () => {
  it('finds rel="next" among several links, quoted or not', () => {
    expect(nextLinkOf(null)).toBeUndefined();
    expect(nextLinkOf('</a?cursor=1>; rel="prev", </a?cursor=2>; rel="next"')).toBe('/a?cursor=2');
    expect(nextLinkOf('</a?cursor=3>; rel=next')).toBe('/a?cursor=3');
    expect(nextLinkOf('</a?x=1,2>; title="a, b"; rel="prev next"')).toBe('/a?x=1,2');
    expect(nextLinkOf('</a>; rel="nextpage"')).toBeUndefined();
    expect(nextLinkOf('</a>; rel="prev"')).toBeUndefined();
  });

  it('reads file names from Content-Disposition', () => {
    expect(contentDispositionFileName(null)).toBeUndefined();
    expect(contentDispositionFileName('attachment; filename="log.txt"')).toBe('log.txt');
    expect(contentDispositionFileName('attachment; filename=log.txt')).toBe('log.txt');
    expect(contentDispositionFileName('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
    expect(contentDispositionFileName(`attachment; filename="x.pdf"; filename*=UTF-8''%E2%82%AC.pdf`)).toBe(
      '€.pdf',
    );
    expect(contentDispositionFileName(`attachment; filename="x.pdf"; filename*=UTF-8''%E2%ZZ.pdf`)).toBe(
      'x.pdf',
    );
    expect(contentDispositionFileName('attachment')).toBeUndefined();
  });
});
