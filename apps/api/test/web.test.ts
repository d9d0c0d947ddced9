import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'portaal-web-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Portaal</title>');
  await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1);');
  server = await startTestServer({ WEB_DIST: distDir });
});
afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

const get = (pathname: string) => fetch(`${server.baseUrl}${pathname}`, { redirect: 'manual' });

describe('the web app', () => {
  it('answers page paths with index.html, never cached', async () => {
    const response = await get('/support/ticket/10001');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>Portaal</title>');
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
