import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { t } from './i18n.ts';
import type { Language } from './types.ts';
import {
  htmlHeaders,
  type LoginPageInput,
  loginPage,
  messagePage,
  type SetPasswordPageInput,
  setPasswordPage,
} from './views.ts';

const css = readFileSync(new URL('./assets/login.css', import.meta.url));

/** The IdP's pages in one place: they share the brand, the stylesheet and the security headers. */
export function createPages({
  brand,
  basePath,
  publicUrl,
  formActionOrigins,
}: {
  brand: string;
  /** Path of the realm, e.g. /realms/portaal. */
  basePath: string;
  publicUrl: string;
  formActionOrigins: readonly string[];
}) {
  // The content hash in the URL lets browsers cache the stylesheet for good.
  const version = createHash('sha256').update(css).digest('base64url').slice(0, 12);
  const cssPath = `${basePath}/resources/login.css`;
  const cssHref = `${cssPath}?v=${version}`;
  const headers = htmlHeaders(formActionOrigins);
  const back = (language: Language) => ({ href: `${publicUrl}/`, label: t(language, 'backTo', { brand }) });

  return {
    cssPath,
    css,
    headers,
    login: (input: Omit<LoginPageInput, 'brand' | 'cssHref'>) => loginPage({ ...input, brand, cssHref }),
    setPassword: (input: Omit<SetPasswordPageInput, 'brand' | 'cssHref'>) =>
      setPasswordPage({ ...input, brand, cssHref }),
    passwordSet: (language: Language, username: string) =>
      messagePage({
        language,
        brand,
        cssHref,
        title: t(language, 'passwordSetTitle'),
        text: t(language, 'passwordSetText', { brand, username }),
        link: { href: `${publicUrl}/`, label: t(language, 'signInTo', { brand }) },
      }),
    linkExpired: (language: Language) =>
      messagePage({
        language,
        brand,
        cssHref,
        title: t(language, 'linkExpiredTitle'),
        text: t(language, 'linkExpiredText'),
        link: back(language),
      }),
    expired: (language: Language) =>
      messagePage({
        language,
        brand,
        cssHref,
        title: t(language, 'expiredTitle'),
        text: t(language, 'expiredText', { brand }),
        link: back(language),
      }),
    error: (language: Language, detail?: string) =>
      messagePage({
        language,
        brand,
        cssHref,
        title: t(language, 'errorTitle'),
        text: t(language, 'errorText'),
        detail,
        link: back(language),
      }),
    /** oidc-provider's own confirmation page; the IdP's logout route normally answers before it. */
    logoutConfirm: (language: Language, formHtml: string) =>
      messagePage({
        language,
        brand,
        cssHref,
        title: t(language, 'logoutTitle', { brand }),
        form: { html: formHtml, id: 'op.logoutForm', button: t(language, 'logoutButton') },
      }),
    signedOut: (language: Language) =>
      messagePage({
        language,
        brand,
        cssHref,
        title: t(language, 'signedOutTitle'),
        text: t(language, 'signedOutText', { brand }),
        link: back(language),
      }),
  };
}

export type Pages = ReturnType<typeof createPages>;
