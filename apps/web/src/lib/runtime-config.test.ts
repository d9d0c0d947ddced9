// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_CONFIG_ELEMENT_ID, loadClientConfig } from './runtime-config.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('loadClientConfig', () => {
  it('reads the JSON data element of index.html without a request', async () => {
    document.head.innerHTML = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">{"brand_name":"Acme","build_id":"b1"}</script>`;
    const fetchImpl = vi.fn<typeof fetch>();
    expect(await loadClientConfig(document, fetchImpl)).toEqual({ brand_name: 'Acme', build_id: 'b1' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('asks /api/config when the page has no such element or it is broken', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json({ brand_name: 'Dev' }));
    expect(await loadClientConfig(document, fetchImpl)).toEqual({ brand_name: 'Dev' });
    document.head.innerHTML = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">{"brand</script>`;
    expect(await loadClientConfig(document, fetchImpl)).toEqual({ brand_name: 'Dev' });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(fetchImpl).toHaveBeenCalledWith('/api/config');
  });
});
