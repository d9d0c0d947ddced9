import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { LANGUAGE_COOKIE, type Language } from '@portaal/contracts';
import {
  type ErrorContent,
  errorContent,
  errorPageSearch,
  errorPageStatus,
} from '@portaal/contracts/error-content';
import {
  cookieValue,
  type HomeHeading,
  homeFromCookie,
  SCHEME_COOKIE,
} from '@portaal/contracts/first-screen';
import {
  isAppPath,
  type PageHeadingKeys,
  pagesFromCookie,
  STATIC_PAGE_HEADINGS,
  type StaticPagePath,
  staticPagePath,
} from '@portaal/contracts/page-headings';
import { languageFromAcceptLanguage, languageFromList, pickLanguage } from '@portaal/idp/i18n';
import { escapeHtml } from '@portaal/idp/views';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { problems } from '../lib/responses.ts';

/** Paths owned by the API and the IdP: an unknown one there is a 404 problem, never the web app. */
const SERVER_PATHS = /^\/(api|realms)(\/|$)/;

/** The id of the JSON data element in index.html that carries the runtime configuration (apps/web/src/main.tsx). */
export const CLIENT_CONFIG_ELEMENT_ID = 'portaal-config';

/** One rendering of index.html with its gzip and brotli copies. */
interface Encoded {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** The colour mode the app last used (its cookie): the first screen's, where the system's is not it. */
export type FirstScreenScheme = 'auto' | 'light' | 'dark';

/** What one page address is answered with, by the user's hints (cookies) and language. */
export interface PageRequest {
  language: Language;
  scheme: FirstScreenScheme;
  /** A page with a fixed heading that the user may open. */
  headed?: StaticPagePath;
  /** The home page's greeting, by the names of the user's home cookie. */
  home?: HomeHeading;
  /** The address, when it is no page of the app. */
  notFound?: string;
  /** What the error page (/error?cause=…) says, by its address's search. */
  error?: Pick<ErrorContent, 'titleKey' | 'textKey'>;
}

interface RenderedPages {
  mtimeMs: number;
  /** index.html for the request: rendered and compressed once per language, scheme and page. */
  answer(request: PageRequest): Encoded;
  /** The app's page paths (the build's routes.json); without them every address gets the app's start. */
  routes?: string[];
}

/**
 * index.html with the runtime configuration and the build id as a JSON data element before `</head>`:
 * the app starts without asking for its configuration first. A `type="application/json"` script is
 * data, never executed, so the CSP keeps `script-src 'self'`. `<` is escaped, so no value can close
 * the element. `head` is more markup for the end of `<head>` (the texts' preload).
 */
export function renderIndexHtml(
  html: string,
  data: Record<string, unknown>,
  head = '',
  heading = '',
): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const element = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>${head}`;
  // The first screen's brand (index.html's static shell) before any script: HTML-escaped text.
  const brand = typeof data.brand_name === 'string' ? escapeHtml(data.brand_name) : '';
  const page = html.replace(BRAND_MARKER, () => brand).replace(HEADING_MARKER, () => heading);
  return page.includes('</head>') ? page.replace('</head>', () => `${element}</head>`) : `${element}${page}`;
}

/** Where index.html's static first screen shows the brand name. */
export const BRAND_MARKER = '<!--brand_name-->';

/** Where index.html's static first screen shows a page's fixed heading. */
export const HEADING_MARKER = '<!--page_heading-->';

/** A text of the build's `locales/{lng}.json` by i18next's key: the namespace, then the parts between dots. */
function textOf(texts: unknown, ns: string, key: string): string | undefined {
  const found = [ns, ...key.split('.')].reduce<unknown>(
    (value, part) =>
      value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined,
    texts,
  );
  return typeof found === 'string' ? found : undefined;
}

/**
 * The not-found page's first screen (components/errors/error-page.tsx in the clean layout): its heading
 * with the accented part (between vertical bars) and the text naming the address, HTML-escaped, and
 * boxes of the robot's and the button's size, so the texts sit where the page puts them. Nothing when a
 * text is missing.
 */
export function notFoundHtml(texts: unknown, pathname: string): string {
  const message = textOf(texts, 'global', 'errors.not_found.path');
  if (message === undefined) return '';
  return errorScreenHtml(
    textOf(texts, 'global', 'errors.not_found.title'),
    message
      .split('{{path}}')
      .map((part) => escapeHtml(part))
      .join(escapeHtml(pathname)),
  );
}

/**
 * The error page's first screen (/error?cause=forbidden, where the route guards send a user who may
 * not open a page): its heading and text as the page shows them for that cause, like the not-found
 * page's. Nothing when a text is missing.
 */
export function errorPageHtml(texts: unknown, { titleKey, textKey }: PageRequest['error'] & {}): string {
  const text = textOf(texts, 'global', textKey);
  return text === undefined ? '' : errorScreenHtml(textOf(texts, 'global', titleKey), escapeHtml(text));
}

/** components/errors/error-page.tsx's column: the heading's accented part between vertical bars; `text` is HTML. */
function errorScreenHtml(title: string | undefined, text: string): string {
  if (title === undefined) return '';
  const accented = title
    .split('|')
    .map((part, index) =>
      index % 2 === 1 ? `<span class="shell-accent">${escapeHtml(part)}</span>` : escapeHtml(part),
    )
    .join('');
  return `<div class="shell-clean"><div class="shell-center"><div class="shell-error"><div class="shell-robot"></div><h1>${accented}</h1><p class="shell-error-text">${text}</p><div class="shell-button"></div></div></div></div>`;
}

/**
 * The first screen's page heading: the h1 and, when there is one, the dimmed text under it (HTML-escaped
 * here), at the place of the default layout's reading width or, `wide`, of the dashboard layout's
 * full width.
 */
function headingScreenHtml(heading: string, intro: string | undefined, wide = false): string {
  const text = intro === undefined ? '' : `<p>${escapeHtml(intro)}</p>`;
  return `<div class="shell-main"><div class="shell-page${wide ? ' shell-wide' : ''}"><h1>${escapeHtml(
    heading,
  )}</h1>${text}</div></div>`;
}

/**
 * A page's fixed heading and introduction for the first screen, from the language's texts (the build's
 * `locales/{lng}.json`, namespaces at the top), or nothing when a text is missing.
 */
export function pageHeadingHtml(texts: unknown, { ns, title, intro }: PageHeadingKeys): string {
  const [heading, introduction] = [textOf(texts, ns, title), textOf(texts, ns, intro)];
  if (heading === undefined || introduction === undefined) return '';
  return headingScreenHtml(heading, introduction);
}

/** An i18next text with its `{{name}}` filled in (the app's texts interpolate unescaped: React escapes). */
const withName = (text: string, name: string) => text.split('{{name}}').join(name);

/**
 * The home page's greeting for the first screen (apps/web/src/features/home/home-page.tsx): 'Welcome,
 * {{name}}' and, with a selected customer, whom the user works for, or nothing when a text is missing.
 */
export function homeHeadingHtml(texts: unknown, { name, customer }: HomeHeading): string {
  const [title, worksFor] = [
    textOf(texts, 'default', 'home.title'),
    textOf(texts, 'default', 'home.customer'),
  ];
  if (title === undefined || (customer !== undefined && worksFor === undefined)) return '';
  const intro = customer === undefined || worksFor === undefined ? undefined : withName(worksFor, customer);
  return headingScreenHtml(withName(title, name), intro, true);
}

/** The colour mode of the app's cookie, for the first screen (auto: the system's). */
function schemeOf(cookie: string | undefined): FirstScreenScheme {
  const scheme = cookieValue(cookie, SCHEME_COOKIE);
  return scheme === 'light' || scheme === 'dark' ? scheme : 'auto';
}

/**
 * The language the page will show, as the app detects it (apps/web/src/lib/i18n.ts): the one the app
 * last used (its cookie), else the browser's best that the app has (the IdP's own reading of
 * Accept-Language), else English.
 */
function pageLanguage(headers: { cookie?: string; 'accept-language'?: string }): Language {
  return pickLanguage(
    languageFromList(cookieValue(headers.cookie, LANGUAGE_COOKIE)),
    languageFromAcceptLanguage(headers['accept-language']),
  );
}

/**
 * A preload of the language's texts (all namespaces in one file, apps/web/src/lib/i18n.ts
 * LOCALES_PATH), last in `<head>`: the browser fetches them with the scripts, after those, instead of
 * a round trip after the scripts ran. `crossorigin` makes it the request the app's fetch makes.
 */
const localesPreload = (language: Language) =>
  `<link rel="preload" href="/locales/${language}.json" as="fetch" crossorigin>`;

const encode = (html: string): Encoded => {
  const identity = Buffer.from(html);
  return { identity, gzip: gzipSync(identity, { level: 9 }), br: brotliCompressSync(identity) };
};

/** A page rendered per request (it names its address): compressed quickly, not smallest. */
const encodeQuickly = (html: string): Encoded => {
  const identity = Buffer.from(html);
  return {
    identity,
    gzip: gzipSync(identity, { level: 6 }),
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
};

/** index.html's pages (re-read when the file changes): each variant rendered and compressed when first asked for. */
function indexPages(distDir: string, clientConfig: Record<string, unknown>) {
  let cached: RenderedPages | undefined;
  return async (): Promise<RenderedPages> => {
    const file = path.join(distDir, 'index.html');
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs === mtimeMs) return cached;
    const source = await readFile(file, 'utf8');
    const build = await readFile(path.join(distDir, 'builds/latest.json'), 'utf8')
      .then((text) => (JSON.parse(text) as { build_id?: unknown }).build_id)
      .catch(() => undefined);
    const data = { ...clientConfig, build_id: typeof build === 'string' ? build : null };
    // A preload of a file the build lacks would only cost a 404.
    const texts = async (language: Language) => {
      const locales = path.join(distDir, 'locales', `${language}.json`);
      return existsSync(locales) ? (JSON.parse(await readFile(locales, 'utf8')) as unknown) : undefined;
    };
    const textsOf: Record<Language, unknown> = { en: await texts('en'), nl: await texts('nl') };
    const routes = await readFile(path.join(distDir, 'routes.json'), 'utf8')
      .then((text) => JSON.parse(text) as unknown)
      .then((list) =>
        Array.isArray(list) && list.every((item) => typeof item === 'string') ? list : undefined,
      )
      .catch(() => undefined);
    const render = ({ language, scheme, headed, home, notFound, error }: PageRequest) => {
      const languageTexts = textsOf[language];
      // The first screen in this language (index.html says en) and, when the app's differs from the
      // system's, the app's colour mode.
      const html = source
        .replace(/<html lang="[a-z]+"/, `<html lang="${language}"`)
        .replace('<div id="app-loading"', scheme === 'auto' ? '$&' : `$& data-scheme="${scheme}"`);
      const heading =
        notFound !== undefined
          ? notFoundHtml(languageTexts, notFound)
          : error
            ? errorPageHtml(languageTexts, error)
            : headed
              ? pageHeadingHtml(languageTexts, STATIC_PAGE_HEADINGS[headed])
              : home
                ? homeHeadingHtml(languageTexts, home)
                : '';
      return renderIndexHtml(
        html,
        data,
        languageTexts === undefined ? '' : localesPreload(language),
        heading,
      );
    };
    const variants = new Map<string, Encoded>();
    cached = {
      mtimeMs,
      routes,
      answer(request) {
        // The not-found page names its address, the home page its user: rendered per request, compressed quickly.
        if (request.notFound !== undefined || request.home) return encodeQuickly(render(request));
        const key = `${request.language} ${request.scheme} ${request.headed ?? ''} ${request.error?.textKey ?? ''}`;
        let variant = variants.get(key);
        if (!variant) {
          variant = encode(render(request));
          variants.set(key, variant);
        }
        return variant;
      },
    };
    return cached;
  };
}

/** The web app's error page (apps/web/src/routes/_clean/error.tsx). */
const ERROR_PAGE = '/error';

/** An address's query parameters (a repeated name keeps its last value), for the error page's search. */
const queryOf = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

/**
 * Serves the built web app: hashed assets cached for a year, every other path gets index.html; the
 * build's brotli or gzip copy is sent when the browser accepts it.
 */
export async function webRoutes(
  app: FastifyInstance,
  { distDir, clientConfig }: { distDir: string; clientConfig: Record<string, unknown> },
) {
  const available = existsSync(path.join(distDir, 'index.html'));
  const pages = indexPages(distDir, clientConfig);
  if (available) {
    await app.register(fastifyStatic, {
      root: distDir,
      serve: false,
      preCompressed: true,
      cacheControl: false,
    });
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/*',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({ '*': z.string() }),
        response: { 200: z.unknown(), ...problems(404) },
      },
    },
    async (request, reply) => {
      const requested = request.params['*'];
      if (SERVER_PATHS.test(`/${requested}`)) {
        throw new AppError('ROUTE_NOT_FOUND', 404, `No route for GET /${requested}`);
      }
      if (!available) {
        throw new AppError('NOT_FOUND', 404, 'The web app is not built; run npm run build.');
      }
      const file = path.normalize(requested);
      // Source maps are built hidden (not referenced from the scripts) for the bench's attribution; never served.
      if (file.endsWith('.map')) throw new AppError('NOT_FOUND', 404, `No file /${requested}`);
      if (
        file !== '.' &&
        file !== 'index.html' &&
        !file.startsWith('..') &&
        !path.isAbsolute(file) &&
        existsSync(path.join(distDir, file))
      ) {
        const immutable = file.startsWith(`assets${path.sep}`);
        return reply
          .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
          .sendFile(file);
      }
      // Pages without an icon link (the dev IdP's login page) make browsers ask for /favicon.ico.
      if (file === 'favicon.ico') return reply.redirect('/favicon.svg', 301);
      // A missing file (an old chunk) is a 404, not the app: only page paths get index.html.
      if (file !== 'index.html' && /\.[a-z0-9]+$/i.test(requested))
        throw new AppError('NOT_FOUND', 404, `No file /${requested}`);
      const { answer, routes } = await pages();
      const pathname = `/${requested}`;
      const pagePath = staticPagePath(pathname);
      const { cookie } = request.headers;
      const rendered = answer({
        language: pageLanguage(request.headers),
        scheme: schemeOf(cookie),
        // The heading only for users who may open the page (the cookie GET /api/v2/me sets).
        headed: pagePath && pagesFromCookie(cookie).has(pagePath) ? pagePath : undefined,
        // The greeting by the names the app last greeted with (the cookie it keeps).
        home: pathname === '/' ? homeFromCookie(cookie) : undefined,
        notFound:
          routes && file !== 'index.html' && !pagePath && !isAppPath(routes, pathname) ? pathname : undefined,
        error:
          pathname === ERROR_PAGE
            ? errorContent(errorPageStatus(errorPageSearch(queryOf(request.url))))
            : undefined,
      });
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(encoding ? rendered[encoding] : rendered.identity);
    },
  );
}
