import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { problems } from '../lib/responses.ts';

/** Paths owned by the API and the IdP: an unknown one there is a 404 problem, never the web app. */
const SERVER_PATHS = /^\/(api|realms)(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for a year, every other path gets index.html; the
 * build's brotli or gzip copy is sent when the browser accepts it.
 */
export async function webRoutes(app: FastifyInstance, { distDir }: { distDir: string }) {
  const available = existsSync(path.join(distDir, 'index.html'));
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
      if (file && !file.startsWith('..') && !path.isAbsolute(file) && existsSync(path.join(distDir, file))) {
        const immutable = file.startsWith(`assets${path.sep}`);
        return reply
          .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
          .sendFile(file);
      }
      // Pages without an icon link (the dev IdP's login page) make browsers ask for /favicon.ico.
      if (file === 'favicon.ico') return reply.redirect('/favicon.svg', 301);
      // A missing file (an old chunk) is a 404, not the app: only page paths get index.html.
      if (/\.[a-z0-9]+$/i.test(requested)) throw new AppError('NOT_FOUND', 404, `No file /${requested}`);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    },
  );
}
