import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, NETWORK_FAILURE, RequiredError, shouldRetry } from './api-client.ts';

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
