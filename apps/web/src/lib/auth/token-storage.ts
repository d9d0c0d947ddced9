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
 * Whether a `storage` event (fired in the other tabs) means the user's tokens are gone: the sign-out
 * empties the whole localStorage (key null), a failed refresh removes the tokens. A refresh only gives
 * them new values, and the ID token alone says nothing about the session.
 */
export function tokensRemoved(key: string | null, newValue: string | null): boolean {
  if (key === null) return true;
  return (key === TOKEN_KEYS.auth || key === TOKEN_KEYS.refresh) && newValue === null;
}

/** A JWT's payload, read without checking it (the IdP and the API do that); {} when it cannot be read. */
export function tokenPayload(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
    );
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A JWT's `sub`, unchecked; undefined when it has none. */
export function tokenSubject(token: string): string | undefined {
  const { sub } = tokenPayload(token);
  return typeof sub === 'string' ? sub : undefined;
}

/**
 * Seconds until a JWT's `exp`, read from its payload without checking it (the IdP and the API do
 * that); -1 when the token cannot be read.
 */
export function tokenSecondsLeft(token: string, now = Date.now()): number {
  const { exp } = tokenPayload(token);
  return typeof exp === 'number' ? exp - now / 1000 : -1;
}
