import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const buildId = process.env.BUILD_ID ?? new Date().toISOString().replace(/[-:.TZ]/g, '');

/** Writes builds/latest.json, which running apps poll to offer a reload after a deploy. */
function buildMetadata(): Plugin {
  return {
    name: 'portaal-build-metadata',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ build_id: buildId, built_at: new Date().toISOString() })}\n`,
      });
    },
  };
}

/**
 * Redoc's standalone bundle, which renders /api/docs (the API links it; precompressed with the rest).
 * Its footer loads a logo from Redocly's CDN, which the CSP (img-src 'self' data:) refuses with a
 * console error on every visit: the page shows no logo instead, with nothing fetched from elsewhere.
 */
function apiReference(): Plugin {
  return {
    name: 'portaal-api-reference',
    apply: 'build',
    async generateBundle() {
      const bundle = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
      this.emitFile({
        type: 'asset',
        fileName: 'api-docs/redoc.standalone.js',
        source: (await readFile(bundle, 'utf8')).replace(
          'https://cdn.redoc.ly/redoc/logo-mini.svg',
          "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E",
        ),
      });
    },
  };
}

/**
 * One file per language with all its namespaces, `locales/{lng}.json` = `{ "<ns>": <public/locales/{lng}/<ns>.json>, … }`:
 * the start reads one file per language instead of five (lib/i18n.ts). Written by the build and
 * answered by the dev server from the same sources.
 */
function localeBundles(): Plugin {
  const localesDir = path.resolve(import.meta.dirname, 'public/locales');
  const bundle = async (language: string) => {
    const files = (await readdir(path.join(localesDir, language)))
      .filter((name) => name.endsWith('.json'))
      .sort();
    const namespaces = await Promise.all(
      files.map(async (name) => [
        name.slice(0, -'.json'.length),
        JSON.parse(await readFile(path.join(localesDir, language, name), 'utf8')) as unknown,
      ]),
    );
    return JSON.stringify(Object.fromEntries(namespaces));
  };
  return {
    name: 'portaal-locale-bundles',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const language = /^\/locales\/([a-z]{2})\.json$/.exec(request.url?.split('?')[0] ?? '')?.[1];
        if (!language) return next();
        bundle(language).then((body) => {
          response.setHeader('Content-Type', 'application/json');
          response.end(body);
        }, next);
      });
    },
    async generateBundle() {
      const languages = await readdir(localesDir, { withFileTypes: true });
      for (const language of languages.filter((entry) => entry.isDirectory()))
        this.emitFile({
          type: 'asset',
          fileName: `locales/${language.name}.json`,
          source: await bundle(language.name),
        });
    },
  };
}

/**
 * routes.json: the full paths of the app's pages (TanStack Router's generated route tree), so that the
 * API can tell an address that is no page and show the not-found page's first screen before any script
 * (apps/api/src/plugins/web.ts). A build without them fails rather than tell every address apart wrong.
 */
function routeList(): Plugin {
  return {
    name: 'portaal-route-list',
    apply: 'build',
    async generateBundle() {
      const tree = await readFile(path.resolve(import.meta.dirname, 'src/routeTree.gen.ts'), 'utf8');
      const union = /\bfullPaths:((?:\s*\|\s*'[^']*')+)/.exec(tree)?.[1] ?? '';
      const paths = [...union.matchAll(/'([^']*)'/g)].map((found) => found[1]);
      if (!paths.includes('/')) this.error('src/routeTree.gen.ts lists no fullPaths with the home page');
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: `${JSON.stringify(paths)}\n` });
    },
  };
}

/** Brotli and gzip copies of every text asset, served as they are (no compression per request). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portaal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // Bundle files plus the copied public folder (the locale files are fetched on every start).
      const copied = await readdir(outDir, { recursive: true });
      const files = [...new Set([...Object.keys(bundle), ...copied])].filter((name) =>
        /\.(js|css|html|json|svg)$/.test(name),
      );
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < 1024) return;
          await writeFile(
            `${file}.br`,
            brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * index.html starts the app only after its static first screen has painted (start-after-paint.js):
 * the entry's <script> becomes a modulepreload, and a small script, hashed like the other assets, adds
 * the entry once the browser has drawn a frame. The app's stylesheets and modulepreloads (the entry and
 * its imports) wait in a <template> until then, inert, and the script puts them in the head, and the
 * entry once the stylesheets are in: nothing but index.html and the texts is fetched before the first
 * paint, which index.html's own styles draw, and the code and styles after it all at once.
 * Lighthouse counts every request that starts before the largest paint as holding it up: with the
 * preloads in the head, the pages whose first screen holds their heading (the ticket list, the error
 * pages) had a lab LCP of 2.0–2.1 s against 1.1–1.3 s without (decision 0041); the stylesheets held
 * up the first paint itself by their round trip (decision 0042).
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'portaal-start-after-first-paint',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset' || typeof page.source !== 'string')
        throw new Error('index.html not in the bundle');
      const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page.source);
      if (!entryTag) throw new Error("index.html's entry script not found");
      const emitScript = async (name: string, edit = (source: string) => source) => {
        const source = edit(await readFile(path.resolve(import.meta.dirname, `${name}.js`), 'utf8'));
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/${name}-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        return fileName;
      };
      const intlWorker = await emitScript('warm-intl');
      const fileName = await emitScript('start-after-paint', (source) => {
        if (!source.includes("'/warm-intl.js'"))
          throw new Error("start-after-paint.js names no '/warm-intl.js'");
        return source.replace("'/warm-intl.js'", () => `'/${intlWorker}'`);
      });
      const stylesheets = page.source.match(/<link rel="stylesheet" [^>]*>/g) ?? [];
      const preloads = page.source.match(/<link rel="modulepreload" [^>]*>/g) ?? [];
      page.source = page.source
        .replace(/<link rel="(?:modulepreload|stylesheet)" [^>]*>\s*/g, '')
        .replace(
          entryTag[0],
          () =>
            `<template id="app-code">${stylesheets.join('')}` +
            `<link rel="modulepreload" crossorigin href="${entryTag[1]}" data-app-entry>` +
            `${preloads.join('')}</template>\n    <script type="module" src="/${fileName}"></script>`,
        );
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: true,
      codeSplittingOptions: {
        // A route's loader rides in one chunk with its screen: the queries it starts (and their
        // modules) stay out of the start, and the chunk is needed before the screen shows anyway.
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
        // The home page is where a sign-in lands: its layout and screen come with the entry (and
        // their packages with the vendor chunk) instead of as a dozen small chunks fetched after it.
        splitBehavior: ({ routeId }) =>
          routeId === '/_dashboard' || routeId === '/_dashboard/' ? [] : undefined,
      },
    }),
    react(),
    buildMetadata(),
    routeList(),
    localeBundles(),
    apiReference(),
    startAfterFirstPaint(),
    precompress(),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // Hidden: the maps are written (the bench attributes bytes with them) but no script points at them, and the API never serves them.
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Popovers, menus and selects: only lazily loaded code uses them; one chunk of their own
            // keeps them out of the start whatever imports them.
            {
              name: 'floating-ui',
              test: /node_modules[\\/]@floating-ui[\\/]/,
              priority: 2,
              // React stays where it is (the vendor chunk), not pulled in here as a dependency.
              includeDependenciesRecursively: false,
            },
            // Small modules that several lazily loaded screens share get a home with their neighbours
            // rather than a chunk each: every chunk a route needs is named in the start's preload map.
            // The customer switcher (header, forbidden page) rides with the customers' queries; the
            // ticket forms' helpers (new ticket, ticket, saved replies) with the attachment input.
            {
              name: 'customers-queries',
              test: /src[\\/]features[\\/]customers[\\/](api[\\/]customers-queries|components[\\/]customer-switcher)\./,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'ticket-forms',
              test: /src[\\/]features[\\/]tickets[\\/](components[\\/](attachment-input|back-link|busy-button)|utils[\\/](request-body|file-size|form-rules|server-errors)|hooks[\\/]use-form-feedback)\.|@mantine[\\/]core[\\/]esm[\\/]components[\\/]FileButton[\\/]/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // Every package the start needs, in one file: fewer requests, and one gzip stream
            // compresses better than many small ones. With them the contracts' rules that the start's
            // routes share with lazy screens, which were three chunks of their own (428 bytes more).
            {
              name: 'vendor',
              test: /node_modules[\\/]|contracts[\\/]src[\\/](ticket|usage|display)-rules\./,
              tags: ['$initial'],
              priority: 1,
            },
            // The few Mantine components and query hooks that the home page's panels and the error
            // page (not-found, forbidden) need beyond the start, apart from the larger chunk below:
            // those pages then load a few kB instead of it.
            {
              name: 'lazy-basics',
              test: /node_modules[\\/]@mantine[\\/]core[\\/].*[\\/]components[\\/](Button|Transition|Loader|Center|Alert|Anchor|Skeleton|CloseButton|VisuallyHidden)[\\/]|node_modules[\\/]@mantine[\\/]hooks[\\/].*[\\/](use-id|use-did-update|use-reduced-motion)[\\/]|node_modules[\\/]@tanstack[\\/]react-query[\\/].*[\\/](useQuery|useBaseQuery)\.js$/,
              // With what they import (a hook, an icon) that the start does not already bring.
              priority: 1,
            },
            // The Mantine components and query hooks that many lazily loaded screens share, in one file
            // rather than a chunk each (about 40): the first visit of a screen asks for a handful of
            // files instead of dozens, which over HTTP/1.1 (6 connections) cost a round trip per six.
            // Modules fewer screens use stay with them.
            {
              name: 'vendor-lazy',
              test: /node_modules[\\/](@mantine|@tanstack)[\\/].*\.m?js$/,
              minShareCount: 8,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/realms': 'http://localhost:3000' } },
});
