/** The three tokens of SPEC.md §3, kept in browser storage so a reload does not sign the user out. */
export const TOKEN_KEYS = {
  id: 'portaal_id_token',
  auth: 'portaal_auth_token',
  refresh: 'portaal_refresh_token',
} as const;

export interface StoredTokens {
  idToken?: string;
  token?: string;
  refreshToken?: string;
}

export function readTokens(storage: Storage = localStorage): StoredTokens {
  return {
    idToken: storage.getItem(TOKEN_KEYS.id) ?? undefined,
    token: storage.getItem(TOKEN_KEYS.auth) ?? undefined,
    refreshToken: storage.getItem(TOKEN_KEYS.refresh) ?? undefined,
  };
}

export function saveTokens(tokens: StoredTokens, storage: Storage = localStorage): void {
  const entries: [string, string | undefined][] = [
    [TOKEN_KEYS.id, tokens.idToken],
    [TOKEN_KEYS.auth, tokens.token],
    [TOKEN_KEYS.refresh, tokens.refreshToken],
  ];
  for (const [key, value] of entries) {
    if (value) storage.setItem(key, value);
    else storage.removeItem(key);
  }
}

export function clearTokens(storage: Storage = localStorage): void {
  for (const key of Object.values(TOKEN_KEYS)) storage.removeItem(key);
}

/**
 * Seconds until a JWT's `exp`, read from its payload without checking it (the IdP and the API do
 * that); -1 when the token cannot be read.
 */
export function tokenSecondsLeft(token: string, now = Date.now()): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp - now / 1000 : -1;
  } catch {
    return -1;
  }
}
