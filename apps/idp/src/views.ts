import { t } from './i18n.ts';
import type { Language } from './types.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value that reaches the HTML goes through here, attribute or text alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Headers for every HTML page of the IdP. Hijacked replies skip the API's onSend hooks, so they are
 * set here. form-action must also allow the app's origin: browsers apply it to the redirects that
 * follow a form post, and the login post ends at the app's redirect URI.
 */
export function htmlHeaders(formActionOrigins: readonly string[]): Record<string, string> {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `form-action 'self' ${formActionOrigins.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  };
}

interface Layout {
  language: Language;
  title: string;
  cssHref: string;
  body: string;
}

function layout({ language, title, cssHref, body }: Layout): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(cssHref)}">
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>
`;
}

/** A role name may break after its underscores (financial_<wbr>moderator), not mid-word on a phone. */
function roleHtml(role: string): string {
  return escapeHtml(role).replaceAll('_', '_<wbr>');
}

export type LoginError = 'invalidCredentials' | 'throttled';

export interface LoginPageInput {
  language: Language;
  brand: string;
  cssHref: string;
  /** Where the form posts: this interaction's page, with the chosen language. */
  action: string;
  /** The same page in the other language. */
  switchLanguage: { href: string; language: Language };
  username?: string | undefined;
  error?: LoginError | undefined;
  demoLogins?: readonly { username: string; role: string }[] | undefined;
}

/** The login page, with Keycloak's ids (#kc-form-login, #username, #password, #kc-login, #input-error). */
export function loginPage(input: LoginPageInput): string {
  const { language, brand, error } = input;
  const text = (key: Parameters<typeof t>[1], values?: Record<string, string>) =>
    escapeHtml(t(language, key, values));
  const invalid = error ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  const other = input.switchLanguage;
  const demo = input.demoLogins?.length
    ? `<section class="demo" aria-labelledby="demo-title">
<h2 id="demo-title">${text('demoTitle')}</h2>
<p>${text('demoHint', { password: '{password}' }).replace('{password}', '<code>demo</code>')}</p>
<div class="table-wrap">
<table>
<thead><tr><th scope="col">${text('demoUsername')}</th><th scope="col">${text('demoRole')}</th></tr></thead>
<tbody>
${input.demoLogins
  .map(
    (login) => `<tr><td><code>${escapeHtml(login.username)}</code></td><td>${roleHtml(login.role)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
</div>
</section>`
    : '';
  const body = `<header class="top">
<p class="brand">${escapeHtml(brand)}</p>
<nav aria-label="${text('languageNav')}"><a href="${escapeHtml(other.href)}" hreflang="${other.language}" lang="${other.language}">${escapeHtml(t(other.language, 'languageName'))}</a></nav>
</header>
<h1>${text('heading', { brand })}</h1>
${error ? `<p id="input-error" class="alert" role="alert">${text(error)}</p>` : ''}
<form id="kc-form-login" method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="username">${text('username')}</label>
<input id="username" name="username" type="text" value="${escapeHtml(input.username ?? '')}" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus${invalid}>
<label for="password">${text('password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
<button id="kc-login" name="login" type="submit">${text('submit')}</button>
</form>
${demo}`;
  return layout({ language, title: t(language, 'htmlTitle', { brand }), cssHref: input.cssHref, body });
}

export interface MessagePageInput {
  language: Language;
  brand: string;
  cssHref: string;
  title: string;
  text?: string | undefined;
  /** Shown small, for errors that a developer may want to read (error code and description). */
  detail?: string | undefined;
  link?: { href: string; label: string } | undefined;
  /** Trusted markup from oidc-provider (its logout form), placed before the button. */
  form?: { html: string; id: string; button: string } | undefined;
}

/** Expired sign-in, errors and the signed-out page. */
export function messagePage(input: MessagePageInput): string {
  const body = `<header class="top"><p class="brand">${escapeHtml(input.brand)}</p></header>
<h1>${escapeHtml(input.title)}</h1>
${input.text ? `<p>${escapeHtml(input.text)}</p>` : ''}
${input.detail ? `<p class="detail"><code>${escapeHtml(input.detail)}</code></p>` : ''}
${input.form ? `${input.form.html}\n<p><button form="${escapeHtml(input.form.id)}" name="logout" value="yes" type="submit">${escapeHtml(input.form.button)}</button></p>` : ''}
${input.link ? `<p><a class="button" href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.label)}</a></p>` : ''}`;
  return layout({ language: input.language, title: input.title, cssHref: input.cssHref, body });
}

export interface SetPasswordPageInput {
  language: Language;
  brand: string;
  cssHref: string;
  /** Where the form posts: this link, with the chosen language. */
  action: string;
  switchLanguage: { href: string; language: Language };
  username: string;
  minLength: number;
  error?: string | undefined;
}

/**
 * The set-password page of an invitation, with Keycloak's ids (#kc-passwd-update-form, #password-new,
 * #password-confirm), so that tests of the invitation work against Keycloak's page too.
 */
export function setPasswordPage(input: SetPasswordPageInput): string {
  const { language, brand, error } = input;
  const text = (key: Parameters<typeof t>[1], values?: Record<string, string>) =>
    escapeHtml(t(language, key, values));
  const invalid = error ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  const other = input.switchLanguage;
  const body = `<header class="top">
<p class="brand">${escapeHtml(brand)}</p>
<nav aria-label="${text('languageNav')}"><a href="${escapeHtml(other.href)}" hreflang="${other.language}" lang="${other.language}">${escapeHtml(t(other.language, 'languageName'))}</a></nav>
</header>
<h1>${text('setPasswordTitle')}</h1>
<p>${text('setPasswordIntro', { brand, username: input.username })}</p>
${error ? `<p id="input-error" class="alert" role="alert">${escapeHtml(error)}</p>` : ''}
<form id="kc-passwd-update-form" method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="text" name="username" value="${escapeHtml(input.username)}" autocomplete="username" hidden readonly>
<label for="password-new">${text('newPassword')}</label>
<input id="password-new" name="password-new" type="password" autocomplete="new-password" minlength="${input.minLength}" aria-describedby="password-hint" required autofocus${invalid}>
<p id="password-hint" class="hint">${text('newPasswordHint', { min: String(input.minLength) })}</p>
<label for="password-confirm">${text('confirmPassword')}</label>
<input id="password-confirm" name="password-confirm" type="password" autocomplete="new-password" required${invalid}>
<button id="kc-submit" type="submit">${text('setPasswordSubmit')}</button>
</form>`;
  return layout({ language, title: t(language, 'setPasswordTitle'), cssHref: input.cssHref, body });
}
