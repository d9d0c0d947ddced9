import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

const require = createRequire(import.meta.url);

export const openapiPlugin = fp<{ brandName: string }>(async (app: FastifyInstance, { brandName }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${brandName} API`,
        version: '2.0.0',
        description:
          'Customer self-service portal API. Errors are RFC 9457 problem details with a stable `code`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
});

/** The OpenAPI document and a reference page rendered by Scalar from a same-origin script (no inline script). */
export async function docsRoutes(app: FastifyInstance, { brandName }: { brandName: string }) {
  const scriptPath = require.resolve('@scalar/api-reference/browser/standalone.js');
  let script: Promise<Buffer> | undefined;

  app.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: z.unknown() } } },
    async () => app.swagger(),
  );

  app.get(
    '/api/docs',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: z.string() } } },
    async (_request, reply) => {
      reply.type('text/html; charset=utf-8');
      return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${brandName.replace(/[<>&"]/g, '')} API reference</title></head>
<body>
<script id="api-reference" data-url="/api/openapi.json"></script>
<script src="/api/docs/scalar.js"></script>
</body>
</html>`;
    },
  );

  app.get(
    '/api/docs/scalar.js',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: z.unknown() } } },
    async (_request, reply) => {
      script ??= readFile(scriptPath);
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400');
      return script;
    },
  );
}
