// `npm start`: one process that builds the web app when needed, then runs the product, so that the
// "ready in" it prints counts from the process's own start, and Ctrl-C reaches one process.
import { register } from 'tsx/esm/api';
import { prepareWeb } from './prepare-web.mjs';

try {
  await prepareWeb();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
register();
await import('../apps/api/src/main.ts');
