import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults } from 'oidc-provider';
import type { IdpContext } from './context.ts';
import { readForm, redirect, send } from './http.ts';
import { languageFromAcceptLanguage, languageFromList, pickLanguage } from './i18n.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSignInThrottle } from './throttle.ts';
import type { Language } from './types.ts';
import type { LoginError } from './views.ts';

const MAX_USERNAME = 256;
const MAX_PASSWORD = 1024;

type Interaction = Awaited<ReturnType<IdpContext['provider']['interactionDetails']>>;
type Outcome = { accountId: string } | { error: LoginError };

function queryParam(request: IncomingMessage, name: string): string | undefined {
  return new URL(request.url ?? '/', 'http://idp.invalid').searchParams.get(name) ?? undefined;
}

/** The login page (oidc-provider's interaction) at <issuer>/login-actions/<uid>. */
export function createInteractionHandlers(context: IdpContext) {
  const { provider, pages, options, mountPath } = context;
  const { accounts } = options;
  // Unknown users cost a hash check too, so timing does not tell which usernames exist.
  const dummyHash = hashPassword(randomUUID());

  const throttle = createSignInThrottle(options.db);

  /** The throttle comes first: while an address must wait, its attempts are not even checked. */
  async function authenticate(rawUsername: string, password: string, address: string): Promise<Outcome> {
    // Keycloak stores usernames in lower case; so does the portal.
    const username = rawUsername.trim().toLowerCase().slice(0, MAX_USERNAME);
    if (await throttle.waitMs(username, address)) return { error: 'throttled' };
    const account =
      username && password.length <= MAX_PASSWORD ? await accounts.findByUsername(username) : undefined;
    const valid = await verifyPassword(password, account?.passwordHash ?? (await dummyHash));
    if (account && valid && account.passwordHash !== null) {
      await throttle.succeeded(username, address);
      return { accountId: account.id };
    }
    await throttle.failed(username, address);
    return { error: 'invalidCredentials' };
  }

  function languageFor(request: IncomingMessage, interaction?: Interaction): Language {
    return pickLanguage(
      languageFromList(queryParam(request, 'kc_locale')),
      languageFromList(interaction?.params.kc_locale),
      languageFromList(interaction?.params.ui_locales),
      languageFromAcceptLanguage(request.headers['accept-language']),
    );
  }

  function renderLogin(
    response: ServerResponse,
    interaction: Interaction,
    language: Language,
    status: number,
    input: { username?: string | undefined; error?: LoginError | undefined } = {},
  ) {
    const path = `${mountPath}/login-actions/${encodeURIComponent(interaction.uid)}`;
    const other: Language = language === 'en' ? 'nl' : 'en';
    const loginHint = interaction.params.login_hint;
    const html = pages.login({
      language,
      action: `${path}?kc_locale=${language}`,
      switchLanguage: { href: `${path}?kc_locale=${other}`, language: other },
      username: input.username ?? (typeof loginHint === 'string' ? loginHint : undefined),
      error: input.error,
      demoLogins: options.demoLogins,
    });
    send(response, status, pages.headers, html);
  }

  /** Loads this page's interaction; undefined when the cookie is gone or belongs to another attempt. */
  async function load(request: IncomingMessage, response: ServerResponse, uid: string) {
    try {
      const interaction = await provider.interactionDetails(request, response);
      return interaction.uid === uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  async function finish(request: IncomingMessage, response: ServerResponse, result: InteractionResults) {
    const returnTo = await provider.interactionResult(request, response, result, {
      mergeWithLastSubmission: true,
    });
    redirect(response, 303, returnTo);
  }

  /** First-party client: a consent prompt (normally prevented by loadExistingGrant) is granted at once. */
  async function consent(request: IncomingMessage, response: ServerResponse, interaction: Interaction) {
    const accountId = interaction.session?.accountId;
    const clientId = interaction.params.client_id;
    if (!accountId || typeof clientId !== 'string') throw new Error('consent prompt without a session');
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = interaction.prompt.details;
    if (Array.isArray(missingOIDCScope)) grant.addOIDCScope(missingOIDCScope.map(String));
    if (Array.isArray(missingOIDCClaims)) grant.addOIDCClaims(missingOIDCClaims.map(String));
    if (typeof missingResourceScopes === 'object' && missingResourceScopes !== null) {
      for (const [indicator, scopes] of Object.entries(missingResourceScopes)) {
        if (Array.isArray(scopes)) grant.addResourceScope(indicator, scopes.map(String));
      }
    }
    const grantId = await grant.save();
    await finish(request, response, { consent: { grantId } });
  }

  /** The interaction waiting for a login; an expired one or a consent prompt is answered here (undefined). */
  async function pendingLogin(raw: FastifyRequest['raw'], response: FastifyReply['raw'], uid: string) {
    const interaction = await load(raw, response, uid);
    if (!interaction) {
      send(response, 400, pages.headers, pages.expired(languageFor(raw)));
      return undefined;
    }
    if (interaction.prompt.name === 'consent') {
      await consent(raw, response, interaction);
      return undefined;
    }
    return interaction;
  }

  async function show(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    const raw = request.raw;
    const response = reply.raw;
    const interaction = await pendingLogin(raw, response, request.params.uid);
    if (!interaction) return;
    renderLogin(response, interaction, languageFor(raw, interaction), 200);
  }

  async function submit(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    const raw = request.raw;
    const response = reply.raw;
    const form = await readForm(raw);
    const interaction = await pendingLogin(raw, response, request.params.uid);
    if (!interaction) return;
    const username = form.get('username') ?? '';
    const outcome = await authenticate(username, form.get('password') ?? '', request.ip);
    if ('error' in outcome) {
      // Keycloak answers a failed login with the page again (200), the message in #input-error.
      renderLogin(response, interaction, languageFor(raw, interaction), 200, {
        username: username.slice(0, MAX_USERNAME),
        error: outcome.error,
      });
      return;
    }
    await finish(raw, response, { login: { accountId: outcome.accountId, remember: false, amr: ['pwd'] } });
  }

  return { show, submit };
}
