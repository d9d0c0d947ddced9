// `npm run check:budget`: builds the web app into a folder of its own and fails (exit 1) when the
// home page's initial JS, the initial CSS or any lazily loaded chunk is over its limit
// (web-budget.ts). Run by .ci/run after the build, so new screens cannot make the start heavy.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetChecks, MEASURED_PAGES, WEB_BUDGET } from './web-budget.ts';
import { analyseBundle, buildWebApp } from './web-build.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, '.data/budget-web/dist');

await buildWebApp({ root, outDir: distDir });
const bundle = await analyseBundle({ root, distDir, pages: MEASURED_PAGES });
const checks = budgetChecks(bundle);
const format = (kb: number) => `${kb.toFixed(1)} kB`;

for (const page of bundle.pageJs)
  console.log(`${page.label}: initial JS ${format(page.gzipBytes / 1000)} gzip`);
const over = checks.filter((check) => !check.ok);
const [home, css] = checks;
const largest = checks.slice(2).sort((a, b) => b.kb - a.kb)[0];
for (const check of [home, css, largest]) {
  if (check)
    console.log(
      `${check.ok ? 'ok  ' : 'OVER'} ${check.label}: ${format(check.kb)} (limit ${format(check.limitKb)})`,
    );
}
if (over.length) {
  console.error(`\nOver the web budget (${JSON.stringify(WEB_BUDGET)}):`);
  for (const check of over) console.error(`  ${check.label}: ${format(check.kb)} > ${format(check.limitKb)}`);
  process.exit(1);
}
console.log(`All ${checks.length} limits kept.`);
