/** The id of the JSON data element the API writes into index.html (apps/api/src/plugins/web.ts). */
export const CLIENT_CONFIG_ELEMENT_ID = 'portaal-config';

/**
 * The runtime configuration: from index.html's JSON data element when the API served the page (no
 * request before start-up), from `/api/config` otherwise (the Vite dev server).
 */
export async function loadClientConfig<T>(
  doc: Pick<Document, 'getElementById'> = document,
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  const text = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      return JSON.parse(text) as T;
    } catch {
      // A page cut off in transit: ask the API instead.
    }
  }
  const response = await fetchImpl('/api/config');
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return (await response.json()) as T;
}
