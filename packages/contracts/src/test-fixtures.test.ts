import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_DIRS = ['apps/web/src', 'apps/api/src', 'apps/idp/src', 'packages/contracts/src'];
const TEST_DIRS = [...SOURCE_DIRS, 'apps/api/test', 'e2e/tests'];
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'test-fixtures' ? [] : sourceFiles(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    }),
  );
  return nested.flat();
}

describe('test fixtures (src/test-fixtures)', () => {
  it('are imported by tests only, never by code that ships', async () => {
    const files = (await Promise.all(SOURCE_DIRS.map((dir) => sourceFiles(path.join(root, dir))))).flat();
    const shipping = files.filter(
      (file) => !/\.test\.tsx?$/.test(file) && !file.includes(`${path.sep}test${path.sep}`),
    );
    expect(shipping.length).toBeGreaterThan(100);
    const importing: string[] = [];
    for (const file of shipping) {
      if ((await readFile(file, 'utf8')).includes('test-fixtures/'))
        importing.push(path.relative(root, file));
    }
    expect(importing).toEqual([]);
  });

  it('hold the SLA report the API and web tests check: no test writes its own copy', async () => {
    const files = (await Promise.all(TEST_DIRS.map((dir) => sourceFiles(path.join(root, dir))))).flat();
    const copies: string[] = [];
    for (const file of files.filter(isTest)) {
      const source = await readFile(file, 'utf8');
      // A whole SLA report written out: its kind with its applications and incidents.
      if (/kind: 'sla',/.test(source) && /applications: \[/.test(source) && /incidents: \[/.test(source))
        copies.push(path.relative(root, file));
    }
    expect(copies).toEqual([]);
  });
});
