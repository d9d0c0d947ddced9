// `npm start`: one process that builds the web app when needed, then runs the product, so that the
// "ready in" it prints counts from the process's own start, and Ctrl-C reaches one process. Node 24
// runs the API's TypeScript itself (type stripping, decision 0034): no loader in between.
import { prepareWeb } from './prepare-web.mjs';

try {
  await prepareWeb();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await import('../apps/api/src/main.ts');
