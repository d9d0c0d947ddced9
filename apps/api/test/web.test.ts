import { homeCookie } from '@portaal/contracts/first-screen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let web: Awaited<ReturnType<typeof fakeWebDist>>;

beforeAll(async () => {
  web = await fakeWebDist();
  server = await startTestServer({ WEB_DIST: web.dir });
});
afterAll(async () => {
  await server?.close();
  await web?.remove();
});

const get = (pathname: string) => fetch(`${server.baseUrl}${pathname}`, { redirect: 'manual' });

describe('the web app', () => {
  it('answers page paths with index.html, never cached', async () => {
    const response = await get('/support/ticket/10001');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>Portaal</title>');
  });

  it('carries the runtime configuration and the build id in index.html as JSON data, not script', async () => {
    for (const pathname of ['/', '/support', '/index.html']) {
      const response = await get(pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      const found =
        /<script type="application\/json" id="portaal-config">([^<]*)<\/script><link [^>]*><\/head>/.exec(
          html,
        );
      expect(found, pathname).not.toBeNull();
      expect(JSON.parse(found?.[1] ?? '')).toEqual({
        brand_name: 'Portaal',
        oidc: { url: server.baseUrl, realm: 'portaal', client_id: 'portaal-web' },
        password_change: 'portal',
        analytics: null,
        build_id: 'b-42',
      });
      // The CSP still allows no inline script: the element is data.
      expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    }
    const plain = await fetch(`${server.baseUrl}/support`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('id="portaal-config"');
  });

  it("preloads the texts of the page's language: the app's last one (its cookie), else the browser's", async () => {
    const preloaded = async (headers: Record<string, string>) => {
      const response = await fetch(`${server.baseUrl}/support`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
      const links = (await response.text()).match(/<link rel="preload"[^>]*>/g) ?? [];
      expect(links).toHaveLength(1);
      return links[0];
    };
    const link = (language: string) =>
      `<link rel="preload" href="/locales/${language}.json" as="fetch" crossorigin>`;
    expect(await preloaded({})).toBe(link('en'));
    expect(await preloaded({ 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.8' })).toBe(link('nl'));
    expect(await preloaded({ 'accept-language': 'de-DE, fr;q=0.9, NL;q=0.5' })).toBe(link('nl'));
    expect(await preloaded({ 'accept-language': 'de-DE' })).toBe(link('en'));
    expect(await preloaded({ cookie: 'a=1; portaal_lang=nl', 'accept-language': 'en' })).toBe(link('nl'));
    expect(await preloaded({ cookie: 'portaal_lang=en', 'accept-language': 'nl' })).toBe(link('en'));
    // A value the app has no texts for, or another cookie's, is not a choice.
    expect(await preloaded({ cookie: 'portaal_lang=fr', 'accept-language': 'nl' })).toBe(link('nl'));
    expect(await preloaded({ cookie: 'xportaal_lang=nl' })).toBe(link('en'));
    // The page is marked as in the language it starts in.
    const lang = async (headers: Record<string, string>) =>
      /<html lang="([a-z]+)">/.exec(
        await (await fetch(`${server.baseUrl}/support`, { headers })).text(),
      )?.[1];
    expect(await lang({ cookie: 'portaal_lang=nl' })).toBe('nl');
    expect(await lang({ 'accept-language': 'en' })).toBe('en');
    // The first screen in the app's last colour mode where it is not the system's.
    const shell = async (cookie: string) =>
      /<div id="app-loading"[^>]*>/.exec(
        await (await fetch(`${server.baseUrl}/support`, { headers: { cookie } })).text(),
      )?.[0];
    expect(await shell('portaal_scheme=dark')).toBe('<div id="app-loading" data-scheme="dark">');
    expect(await shell('a=1; portaal_scheme=light')).toBe('<div id="app-loading" data-scheme="light">');
    for (const cookie of ['portaal_scheme=auto', 'portaal_scheme=<b>', 'xportaal_scheme=dark', ''])
      expect(await shell(cookie), cookie).toBe('<div id="app-loading">');
    const texts = await get('/locales/nl.json');
    expect(texts.status).toBe(200);
    expect(await texts.json()).toMatchObject({ global: { language: 'nl' } });
  });

  it("shows the not-found page's first screen for an address that is no page, naming it escaped", async () => {
    const shell = async (pathname: string, language: string) =>
      /<div id="app-loading">(.*?)<\/div><\/body>/.exec(
        await (
          await fetch(`${server.baseUrl}${pathname}`, { headers: { cookie: `portaal_lang=${language}` } })
        ).text(),
      )?.[1];
    const notFound = (text: string) =>
      `<div class="shell-clean"><div class="shell-center"><div class="shell-error"><div class="shell-robot"></div><h1>Pagina <span class="shell-accent">niet gevonden</span></h1><p class="shell-error-text">Pagina niet gevonden: ${text}</p><div class="shell-button"></div></div></div></div>`;
    expect(await shell('/no-such-page', 'nl')).toBe(notFound('/no-such-page'));
    expect(await shell('/support/ticket/1/more', 'nl')).toBe(notFound('/support/ticket/1/more'));
    expect(await shell('/%3Cb%3E%26', 'nl')).toBe(notFound('/&lt;b&gt;&amp;'));
    const page = await fetch(`${server.baseUrl}/no-such-page`, { headers: { cookie: 'portaal_lang=nl' } });
    expect(page.status).toBe(200);
    // Pages of the app, index.html itself, and a language without the texts keep the bare first screen.
    for (const [pathname, language] of [
      ['/support/ticket/10001', 'nl'],
      ['/SUPPORT', 'nl'],
      ['/index.html', 'nl'],
      ['/no-such-page', 'en'],
    ]) {
      expect(await shell(pathname as string, language as string), `${pathname} ${language}`).toBe('');
    }
  });

  it("shows the error page's first screen for its cause or status, as the page does", async () => {
    const shell = async (search: string, language: string) =>
      /<div id="app-loading">(.*?)<\/div><\/body>/.exec(
        await (
          await fetch(`${server.baseUrl}/error${search}`, { headers: { cookie: `portaal_lang=${language}` } })
        ).text(),
      )?.[1];
    const screen = (heading: string, text: string) =>
      `<div class="shell-clean"><div class="shell-center"><div class="shell-error"><div class="shell-robot"></div><h1>${heading}</h1><p class="shell-error-text">${text}</p><div class="shell-button"></div></div></div></div>`;
    const forbidden = screen(
      'Helaas, <span class="shell-accent">geen</span> toegang',
      'U hebt onvoldoende rechten.',
    );
    expect(await shell('?cause=forbidden', 'nl')).toBe(forbidden);
    expect(await shell('?cause=forbidden&from=%2Fsupport', 'nl')).toBe(forbidden);
    expect(await shell('?status=403', 'nl')).toBe(forbidden);
    expect(await shell('?cause=server', 'en')).toBe(
      screen('We have <span class="shell-accent">server issues</span>', 'Come back &lt;later&gt; &amp; see.'),
    );
    // No cause, an unknown one, or a status the page does not name: the page's generic error.
    const generic = screen(
      'Oeps, er ging <span class="shell-accent">iets</span> mis',
      'Probeer het opnieuw.',
    );
    for (const search of ['', '?cause=%3Cb%3E', `?cause=${'x'.repeat(41)}`, '?status=1.5', '?status=302'])
      expect(await shell(search, 'nl'), search).toBe(generic);
    // A language whose texts lack the cause's keeps the bare first screen.
    expect(await shell('?cause=forbidden', 'en')).toBe('');
  });

  it("shows a page's fixed heading in the first screen, in the page's language, escaped, to users who may open it", async () => {
    const shell = async (pathname: string, language: string, pages = 'support|servers/trends') =>
      /<div id="app-loading">(.*?)<\/div><\/body>/.exec(
        await (
          await fetch(`${server.baseUrl}${pathname}`, {
            headers: { cookie: `portaal_lang=${language}; portaal_pages=${pages}` },
          })
        ).text(),
      )?.[1];
    const heading =
      '<div class="shell-main"><div class="shell-page"><h1>Support</h1><p>Vragen &amp; &lt;antwoorden&gt;.</p></div></div>';
    expect(await shell('/support', 'nl')).toBe(heading);
    expect(await shell('/support/', 'nl')).toBe(heading);
    expect(await shell('/servers/trends', 'nl')).toBe(
      '<div class="shell-main"><div class="shell-page"><h1>Trends</h1><p>De belasting van uw servers.</p></div></div>',
    );
    // Other pages, a language whose texts lack the heading, and users whose pages cookie does not name
    // the page (or who have none: signed out) keep the bare first screen.
    for (const [pathname, language, pages] of [
      ['/support/ticket/10001', 'nl', undefined],
      ['/', 'nl', undefined],
      ['/support', 'en', undefined],
      ['/support', 'nl', 'servers/trends'],
      ['/servers/trends', 'nl', 'support|servers'],
      ['/support', 'nl', ''],
    ]) {
      expect(
        await shell(pathname as string, language as string, pages),
        `${pathname} ${language} ${pages}`,
      ).toBe('');
    }
    const signedOut = await fetch(`${server.baseUrl}/support`, { headers: { cookie: 'portaal_lang=nl' } });
    expect(await signedOut.text()).toContain('<div id="app-loading"></div>');
  });

  it("greets on the home page's first screen with the home cookie's names, in the page's language, escaped", async () => {
    const shell = async (pathname: string, cookie: string) =>
      /<div id="app-loading">(.*?)<\/div><\/body>/.exec(
        await (await fetch(`${server.baseUrl}${pathname}`, { headers: { cookie } })).text(),
      )?.[1];
    const greeting = (intro: string) =>
      `<div class="shell-main"><div class="shell-page shell-wide"><h1>Welkom, Sanne &lt;3</h1>${intro}</div></div>`;
    const named = homeCookie({ name: 'Sanne <3', customer: 'Jansen & Zn | "Hosting"' })?.split(';')[0];
    expect(await shell('/', `portaal_lang=nl; ${named}`)).toBe(
      greeting('<p>U werkt voor Jansen &amp; Zn | &quot;Hosting&quot;</p>'),
    );
    // Without a selected customer, the greeting alone.
    expect(await shell('/', `portaal_lang=nl; ${homeCookie({ name: 'Sanne <3' })?.split(';')[0]}`)).toBe(
      greeting(''),
    );
    // Other pages, a language whose texts lack the greeting, no cookie (signed out) or one the app would
    // not write keep the bare first screen, and a 200.
    for (const [pathname, cookie] of [
      ['/support/ticket/10001', `portaal_lang=nl; ${named}`],
      ['/', `portaal_lang=en; ${named}`],
      ['/', 'portaal_lang=nl'],
      ['/', 'portaal_lang=nl; portaal_home=%E0%A4%A'],
      ['/', 'portaal_lang=nl; portaal_home=San%00ne'],
      ['/', `portaal_lang=nl; portaal_home=${'n'.repeat(101)}`],
    ] as const) {
      expect(await shell(pathname, cookie), `${pathname} ${cookie}`).toBe('');
    }
  });

  it('sends index.html compressed when the browser accepts it', async () => {
    const { request } = await import('node:http');
    const encoding = await new Promise<string | undefined>((resolve, reject) => {
      request(`${server.baseUrl}/support`, { headers: { 'accept-encoding': 'gzip, br' } }, (response) => {
        response.resume();
        resolve(response.headers['content-encoding']);
      })
        .on('error', reject)
        .end();
    });
    expect(encoding).toBe('br');
  });

  it('never serves source maps', async () => {
    const response = await get('/assets/app-abc123.js.map');
    expect(response.status).toBe(404);
  });

  it('escapes < in configuration values, so no value can close the data element', async () => {
    const { renderIndexHtml } = await import('../src/plugins/web.ts');
    const html = renderIndexHtml('<head></head>', { brand_name: '</script><script>alert(1)</script>' });
    expect(html).not.toContain('</script><script>');
    const json = /id="portaal-config">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ brand_name: '</script><script>alert(1)</script>' });
  });

  it('writes the brand name into the static first screen as text, and keeps $ patterns as they are', async () => {
    const { renderIndexHtml } = await import('../src/plugins/web.ts');
    const brand = `<img src=x onerror="alert(1)"> & $' $& Jansen's`;
    const html = renderIndexHtml(
      '<head></head><body><span class="shell-brand"><!--brand_name--></span></body>',
      {
        brand_name: brand,
      },
    );
    expect(html).toContain(
      '<span class="shell-brand">&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; $&#39; $&amp; Jansen&#39;s</span>',
    );
    expect(html).not.toContain('<img');
    const json = /id="portaal-config">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ brand_name: brand });
  });

  it('caches hashed assets for a year', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sends browsers asking for /favicon.ico to the SVG icon', async () => {
    const response = await get('/favicon.ico');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/favicon.svg');
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('answers a missing file with a 404 problem, not the app', async () => {
    const response = await get('/assets/gone-000000.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });

  it('keeps paths outside the app from reading files', async () => {
    // Decoded this is ../../etc/passwd: a page path of the app, so the app answers, not the file.
    const response = await get('/..%2f..%2fetc%2fpasswd');
    const body = await response.text();
    expect(body).not.toContain('root:');
    expect(body).toContain('<title>Portaal</title>');
    const outside = await get('/..%2f..%2fetc%2fhostname.txt');
    expect(outside.status).toBe(404);
  });
});
