import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from 'oidc-provider';
import { findSessionIdBySid, revokeGrant } from './adapter.ts';
import type { IdpContext } from './context.ts';
import { readForm, redirect, send } from './http.ts';
import { languageFromAcceptLanguage, languageFromList, pickLanguage } from './i18n.ts';
import { isUnderPublicUrl } from './provider.ts';

/**
 * RP-initiated logout at Keycloak's path, GET or POST (id_token_hint, client_id,
 * post_logout_redirect_uri, state): the session ends at once and the browser goes straight back to
 * the app, without oidc-provider's confirmation page. The session's grants are revoked, so its
 * refresh tokens stop working too.
 */
export function createLogoutHandler(context: IdpContext) {
  const { provider, tokens, pages, options } = context;
  const { db, clientId, publicUrl } = options;

  async function endSession(session: Session) {
    for (const authorization of Object.values(session.authorizations ?? {})) {
      if (authorization.grantId) await revokeGrant(db, authorization.grantId);
    }
    await session.destroy();
  }

  return async function logout(request: FastifyRequest, reply: FastifyReply) {
    const raw = request.raw;
    const response = reply.raw;
    const params =
      raw.method === 'POST'
        ? await readForm(raw)
        : new URL(raw.url ?? '/', 'http://idp.invalid').searchParams;
    const language = pickLanguage(
      languageFromList(params.get('ui_locales')),
      languageFromAcceptLanguage(raw.headers['accept-language']),
    );
    const refuse = (detail: string) => send(response, 400, pages.headers, pages.error(language, detail));

    const hintValue = params.get('id_token_hint');
    const hint = hintValue ? await tokens.verifyIdTokenHint(hintValue) : undefined;
    if (hintValue && !hint)
      return refuse('invalid_request: id_token_hint is not a valid ID token of this client');
    const requestedClient = params.get('client_id');
    if (requestedClient !== null && requestedClient !== clientId)
      return refuse('invalid_client: unknown client_id');
    const target = params.get('post_logout_redirect_uri');
    if (target !== null) {
      if (!hint && requestedClient === null) {
        return refuse('invalid_request: post_logout_redirect_uri needs client_id or id_token_hint');
      }
      if (!isUnderPublicUrl(target, publicUrl))
        return refuse('invalid_request: post_logout_redirect_uri not allowed');
    }

    const koa = provider.createContext(raw, response);
    const browserSession = await provider.Session.get(koa);
    // With a hint, only that user's session ends: a stale tab of another user must not sign this one out.
    if (browserSession.accountId && (!hint || browserSession.accountId === hint.sub))
      await endSession(browserSession);
    if (hint?.sid) {
      // Also without the cookie (a back-end call, another browser): the session the ID token belongs to.
      const id = await findSessionIdBySid(db, clientId, hint.sid);
      const hinted = id && id !== browserSession.jti ? await provider.Session.find(id) : undefined;
      if (hinted && hinted.accountId === hint.sub) await endSession(hinted);
    }
    koa.cookies.set(provider.cookieName('session'), null, {
      httpOnly: true,
      sameSite: 'lax',
      path: new URL(options.issuer).pathname,
    });

    if (target === null) {
      send(response, 200, pages.headers, pages.signedOut(language));
      return;
    }
    const destination = new URL(target);
    const state = params.get('state');
    if (state !== null) destination.searchParams.set('state', state);
    redirect(response, raw.method === 'POST' ? 303 : 302, destination.href);
  };
}
