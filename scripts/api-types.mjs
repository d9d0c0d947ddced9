// The web app's API types, generated from the checked-in OpenAPI document (apps/api/openapi.json):
// `paths` for openapi-fetch (openapi-typescript), the required query parameters and the operation ids
// by method and path, which the client checks and names in its missing-parameter message (SPEC §9). `--check` fails when either file is
// not what the document gives (CI), so the client can never drift from the API.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const documentPath = path.join(root, 'apps/api/openapi.json');
const outDir = path.join(root, 'apps/web/src/lib/api');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const document = JSON.parse(await readFile(documentPath, 'utf8'));
const types = astToString(await openapiTS(document));
const ids = {};
const requiredQuery = {};
for (const [route, item] of Object.entries(document.paths ?? {})) {
  for (const method of METHODS) {
    const operation = item?.[method];
    if (!operation) continue;
    const key = `${method.toUpperCase()} ${route}`;
    if (operation.operationId) ids[key] = operation.operationId;
    const required = (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map((parameter) => parameter.name);
    if (required.length > 0) requiredQuery[key] = required;
  }
}
const files = {
  'schema.gen.ts': `/**\n * Generated from apps/api/openapi.json by scripts/api-types.mjs (npm run openapi). Do not edit.\n */\n\n${types}`,
  'required-query.gen.ts': `// Generated from apps/api/openapi.json by scripts/api-types.mjs (npm run openapi). Do not edit.\n\n/** The required query parameters of each route that has any, by "METHOD path". */\nexport const requiredQuery: Record<string, readonly string[]> = ${JSON.stringify(requiredQuery, null, 2)};\n`,
  'operation-ids.gen.ts': `// Generated from apps/api/openapi.json by scripts/api-types.mjs (npm run openapi). Do not edit.\n\n/** The operationId of each route, by "METHOD path" as the document writes the path. */\nexport const operationIds: Record<string, string> = ${JSON.stringify(ids, null, 2)};\n`,
};

if (process.argv.includes('--check')) {
  const stale = [];
  for (const [name, content] of Object.entries(files)) {
    const current = await readFile(path.join(outDir, name), 'utf8').catch(() => '');
    if (current !== content) stale.push(name);
  }
  if (stale.length > 0) {
    process.stderr.write(
      `Stale generated API types (${stale.join(', ')}): run \`npm run openapi\` and commit the result.\n`,
    );
    process.exit(1);
  }
  process.stdout.write('The generated API types match apps/api/openapi.json.\n');
} else {
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(outDir, name), content);
  process.stdout.write(`Wrote ${Object.keys(files).join(' and ')} in apps/web/src/lib/api.\n`);
}
