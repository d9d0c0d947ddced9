import { loginWithPassword } from '@portaal/idp/testing';

export interface TokenKeeper {
  /** The newest access token; read it per request, it changes under a long run. */
  current(): string;
  stop(): void;
}

interface Options {
  baseUrl: string;
  issuer: string;
  clientId: string;
  username: string;
  password: string;
  log(line: string): void;
}

/**
 * Logs in through the dev IdP's real login page, and again a minute before the access token
 * expires (they live 300 s), so a run of any length stays authorised.
 */
export async function keepToken({
  baseUrl,
  issuer,
  clientId,
  username,
  password,
  log,
}: Options): Promise<TokenKeeper> {
  const login = () =>
    loginWithPassword({ issuer, clientId, redirectUri: `${baseUrl}/`, username, password }).catch(
      (error: unknown) => {
        throw new Error(
          `could not log in as ${username} at ${issuer}: ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    );
  let { access_token: token, expires_in: lifetimeS } = await login();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(
      () => {
        login().then(
          (fresh) => {
            token = fresh.access_token;
            lifetimeS = fresh.expires_in;
            schedule();
          },
          (error: unknown) => {
            // The old token may still hold a while; a failed renewal shows up as 401s in the figures.
            log(`Could not renew the access token of ${username}: ${String(error)}`);
            lifetimeS = 90;
            schedule();
          },
        );
      },
      Math.max(30, lifetimeS - 60) * 1000,
    );
    timer.unref();
  };
  schedule();
  return {
    current: () => token,
    stop: () => clearTimeout(timer),
  };
}
