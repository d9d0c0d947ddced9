import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACTION_TOKEN_PATH, createActionTokens, passwordFingerprint } from './action-tokens.ts';
import type { IdpContext } from './context.ts';
import { readForm, send } from './http.ts';
import { languageFromAcceptLanguage, languageFromList, pickLanguage, t } from './i18n.ts';
import { hashPassword } from './password.ts';
import type { Language } from './types.ts';

/** The portal's rule for new passwords (packages/contracts password.ts). */
export const MIN_PASSWORD = 8;
const MAX_PASSWORD = 1024;

/**
 * The set-password page of an invitation at <issuer>/login-actions/action-token?key=… (Keycloak's path
 * for its execute-actions links). A valid link shows a form; saving the password uses the link up
 * (its fingerprint no longer matches), so a link in an old mail cannot reset the password later; a
 * newer link (the invitation sent again) expires the older ones the same way.
 */
export function createSetPasswordHandlers(context: IdpContext) {
  const { pages, options, mountPath } = context;
  const tokens = createActionTokens(options.db);

  function params(request: FastifyRequest) {
    const url = new URL(request.raw.url ?? '/', 'http://idp.invalid');
    const key = url.searchParams.get('key') ?? '';
    const language: Language = pickLanguage(
      languageFromList(url.searchParams.get('kc_locale') ?? undefined),
      languageFromAcceptLanguage(request.headers['accept-language']),
    );
    return { key, language };
  }

  /** The account the link is for, while the link is valid and unused. */
  async function accountOf(key: string) {
    const claims = key ? await tokens.verify(key) : undefined;
    if (!claims) return undefined;
    const account = await options.accounts.findLoginById(claims.sub);
    if (!account || passwordFingerprint(account.passwordHash, account.actionStamp) !== claims.fingerprint)
      return undefined;
    return account;
  }

  function render(reply: FastifyReply, key: string, language: Language, username: string, error?: string) {
    const path = `${mountPath}${ACTION_TOKEN_PATH}?key=${encodeURIComponent(key)}`;
    const other: Language = language === 'en' ? 'nl' : 'en';
    send(
      reply.raw,
      error ? 400 : 200,
      pages.headers,
      pages.setPassword({
        language,
        action: `${path}&kc_locale=${language}`,
        switchLanguage: { href: `${path}&kc_locale=${other}`, language: other },
        username,
        minLength: MIN_PASSWORD,
        error,
      }),
    );
  }

  async function show(request: FastifyRequest, reply: FastifyReply) {
    const { key, language } = params(request);
    const account = await accountOf(key);
    if (!account) {
      send(reply.raw, 400, pages.headers, pages.linkExpired(language));
      return;
    }
    render(reply, key, language, account.username);
  }

  async function submit(request: FastifyRequest, reply: FastifyReply) {
    const { key, language } = params(request);
    const form = await readForm(request.raw);
    const account = await accountOf(key);
    if (!account) {
      send(reply.raw, 400, pages.headers, pages.linkExpired(language));
      return;
    }
    const password = form.get('password-new') ?? '';
    const confirm = form.get('password-confirm') ?? '';
    const error =
      password.length < MIN_PASSWORD
        ? t(language, 'passwordTooShort', { min: String(MIN_PASSWORD) })
        : password.length > MAX_PASSWORD
          ? t(language, 'passwordTooLong', { max: String(MAX_PASSWORD) })
          : password !== confirm
            ? t(language, 'passwordMismatch')
            : undefined;
    if (error) {
      render(reply, key, language, account.username, error);
      return;
    }
    await options.accounts.setPassword(account.id, await hashPassword(password));
    send(reply.raw, 200, pages.headers, pages.passwordSet(language, account.username));
  }

  return { show, submit };
}
