import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  contentDispositionFileName,
  createApiClient,
  dataOf,
  fileOf,
  NETWORK_FAILURE,
  nextCursorOf,
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
    await expect(client.GET('/api/v2/me')).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(2);
    fetch.mockClear();
    await expect(client.PUT('/api/v2/me', { body: { language: 'nl' } })).rejects.toThrow();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers the retry when it succeeds', async () => {
    const answers = [json(502, { code: 'BAD_GATEWAY' }), json(200, { unread: 3 })];
    const fetch = vi.fn(async () => answers.shift() ?? json(500, {}));
    const client = createApiClient({ fetch });
    expect(await dataOf(client.GET('/api/v2/me/notifications/summary'))).toEqual({ unread: 3 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('error mapping', () => {
  it('keeps status, statusText and the JSON body as details', async () => {
    const client = createApiClient({
      fetch: async () => json(403, { code: 'FORBIDDEN', detail: 'no' }, 'Forbidden'),
    });
    const error = (await client.GET('/api/v2/me').catch((e) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(error.statusText).toBe('Forbidden');
    expect(error.details).toEqual({ code: 'FORBIDDEN', detail: 'no' });
    expect(error.code).toBe('FORBIDDEN');
  });

  it("defaults statusText to 'Error' and wraps a text body as { message }", async () => {
    const client = createApiClient({ fetch: async () => new Response('Bad gateway text', { status: 400 }) });
    const error = (await client.GET('/api/v2/me').catch((e) => e)) as ApiError;
    expect(error.statusText).toBe('Error');
    expect(error.details).toEqual({ message: 'Bad gateway text' });
  });

  it('reports a network failure with the specified message', async () => {
    const client = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = (await client.GET('/api/v2/me').catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.details.message).toBe(NETWORK_FAILURE);
  });

  it('raises a missing required parameter before sending, naming the operation', async () => {
    const fetch = vi.fn();
    const client = createApiClient({ fetch });
    const call = client.GET('/api/v2/customer/{customer_id}', {
      params: { path: { customer_id: undefined as unknown as number } },
    });
    await expect(call).rejects.toBeInstanceOf(RequiredError);
    await expect(call).rejects.toThrow(
      'Required parameter "customer_id" was null or undefined when calling getCustomer().',
    );
    const lookup = client.GET('/api/admin/v2/customer', {
      params: { query: { link_type: 'accounting' } as { link_type: 'accounting'; link_id: string } },
    });
    await expect(lookup).rejects.toThrow(
      'Required parameter "link_id" was null or undefined when calling findCustomerByLink().',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('adds the bearer token and encodes path and query parameters', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, []));
    const client = createApiClient({ fetch, getToken: () => 'tkn' });
    await client.GET('/api/v2/customer/{customer_id}/landscape/{kind}', {
      params: { path: { customer_id: 1001, kind: 'devices' }, query: { q: 'x y/z' } },
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v2/customer/1001/landscape/devices?q=x+y%2Fz');
    const init = fetch.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer tkn');
  });
});

describe('bodies', () => {
  it('sends JSON with its content type', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(200, { ok: 1 }));
    const client = createApiClient({ fetch });
    await client.PUT('/api/v2/me', { body: { language: 'nl' } });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"language":"nl"}');
    expect((init?.headers as Record<string, string> | undefined)?.['content-type']).toBe('application/json');
  });

  it('sends FormData as it is, leaving the multipart content type with its boundary to fetch', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json(201, { ok: 1 }));
    const client = createApiClient({ fetch, getToken: () => 'tkn' });
    const form = new FormData();
    form.append('body', 'Printer');
    form.append('attachments', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
    await client.POST('/api/v2/customer/{customer_id}/tickets/{ticket_id}/messages', {
      params: { path: { customer_id: 1001, ticket_id: 10001 } },
      body: form as never,
    });
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

  it('answers the response with the data, for the next-page cursor of paged lists', async () => {
    const client = createApiClient({
      fetch: async () =>
        new Response('[]', {
          status: 200,
          headers: { 'content-type': 'application/json', link: '</x?cursor=abc>; rel="next"' },
        }),
    });
    const { data, response } = await client.GET('/api/v2/me/notifications');
    expect(data).toEqual([]);
    expect(nextCursorOf(response)).toBe('abc');
  });
});

describe('downloads', () => {
  const attachment =
    '/api/v2/customer/{customer_id}/tickets/{ticket_id}/attachments/{attachment_id}' as const;
  const params = { path: { customer_id: 1001, ticket_id: 10001, attachment_id: 7 } };

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
    const { blob, fileName } = await fileOf(client.GET(attachment, { params, parseAs: 'blob' }));
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
    const error = (await fileOf(client.GET(attachment, { params, parseAs: 'blob' })).catch(
      (e) => e,
    )) as ApiError;
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
