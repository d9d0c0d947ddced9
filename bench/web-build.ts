import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { gzipSync } from 'node:zlib';
import { moduleGroup, sourceShare } from './source-map-share.ts';

/** The fields of Vite's `.vite/manifest.json` that the analysis reads. */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The route files on the way to `/` (TanStack Router's file routes; the root route is part of the
 * entry chunk). Their split chunks load on the first visit of the home page.
 */
export const HOME_ROUTE_FILES = ['src/routes/_dashboard.tsx', 'src/routes/_dashboard/index.tsx'];

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
  /** The build's own brotli copy (`<file>.br`), which the API sends to browsers that accept it. */
  brBytes?: number;
}

export interface RouteChunk extends AssetSize {
  /** The route file and split part, from the manifest key (`src/routes/_app/search.tsx`, `component`). */
  route: string;
  split: string;
  /** Shared chunks this route imports that the first load did not bring: fetched on its first visit. */
  extra: AssetSize[];
}

export interface ModuleGroupShare {
  group: string;
  bytes: number;
  /** The group's share of each file's gzip size, summed over files (gzip does not split exactly). */
  gzipBytesEstimate: number;
}

/** A page whose initial JS is measured: the entry plus the chunks of the route files on its way. */
export interface PageSpec {
  name: string;
  label: string;
  /** Route files from the root down (their split chunks and static imports load with the page). */
  routeFiles: string[];
  /** Lazily imported modules the page cannot show without (the not-found page's error page). */
  lazyModules?: string[];
}

export interface PageJs {
  name: string;
  label: string;
  /** Entry closure plus what the page's routes add, each file once. */
  files: AssetSize[];
  gzipBytes: number;
}

export interface BundleAnalysis {
  /** Initial JS per measured page (`pages` of analyseBundle). */
  pageJs: PageJs[];
  /** What index.html references directly: the entry script and its modulepreload links. */
  htmlScripts: string[];
  /** The entry chunk and everything it imports statically (recursively). */
  entryJs: AssetSize[];
  /** The split chunks of the home route and their static imports that the entry does not already bring. */
  homeJs: AssetSize[];
  initialCss: AssetSize[];
  homeCss: AssetSize[];
  routeChunks: RouteChunk[];
  /** Chunks that only lazily loaded code imports. */
  sharedLazyJs: (AssetSize & { importers: number })[];
  /** Of the initial JS (entry + home), by package or app folder. */
  composition: ModuleGroupShare[];
  /** Of the initial JS, the largest single source files. */
  largestModules: ModuleGroupShare[];
  /** Files in the initial set without a source map (not attributed). */
  unmapped: string[];
}

/** Per file, as each is transferred on its own: node:zlib gzip at level 9, the best a server can send. */
export const gzipSize = (content: Buffer) => gzipSync(content, { level: 9 }).length;

/**
 * `vite build` of apps/web into a folder of the benchmark's own: a rebuild there cannot break an e2e
 * run or `npm start` serving apps/web/dist meanwhile. `--manifest` is the CLI form of
 * `build.manifest`, so vite.config.ts stays as it is.
 */
export async function buildWebApp({ root, outDir }: { root: string; outDir: string }): Promise<void> {
  const args = ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
  const child = spawn('npx', args, {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, BUILD_ID: 'bench' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-6_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) {
    // ANSI colours make the report unreadable.
    const plain = stripVTControlCharacters(output);
    throw new Error(`npx ${args.join(' ')} exited with ${code}:\n\n\`\`\`\n${plain.slice(-3_000)}\n\`\`\``);
  }
}

async function readManifest(distDir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  if (typeof manifest !== 'object' || manifest === null)
    throw new Error('the Vite manifest is not an object');
  return manifest;
}

/** Keys of `start` and of every chunk it imports statically, recursively. */
function staticClosure(manifest: Manifest, start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const key of start) visit(key);
  return seen;
}

function htmlReferences(html: string) {
  const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const scripts: string[] = [];
  for (const tag of tags) {
    const url = tag.startsWith('<script')
      ? tag.includes('type="module"')
        ? attribute(tag, 'src')
        : undefined
      : attribute(tag, 'rel') === 'modulepreload'
        ? attribute(tag, 'href')
        : undefined;
    if (url) scripts.push(url.replace(/^\//, ''));
  }
  return scripts;
}

export async function analyseBundle({
  root,
  distDir,
  pages = [],
}: {
  root: string;
  distDir: string;
  pages?: PageSpec[];
}): Promise<BundleAnalysis> {
  const manifest = await readManifest(distDir);
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const sizes = new Map<string, AssetSize>();
  const size = async (file: string): Promise<AssetSize> => {
    const known = sizes.get(file);
    if (known) return known;
    const content = await readFile(path.join(distDir, file));
    const brotli = await stat(path.join(distDir, `${file}.br`)).catch(() => undefined);
    const measured = { file, bytes: content.length, gzipBytes: gzipSize(content), brBytes: brotli?.size };
    sizes.set(file, measured);
    return measured;
  };
  const filesOf = (keys: Iterable<string>) =>
    [...keys].map((key) => manifest[key]?.file).filter((file): file is string => file !== undefined);
  const cssOf = (keys: Iterable<string>) => [
    ...new Set([...keys].flatMap((key) => manifest[key]?.css ?? [])),
  ];
  const measureAll = (files: string[]) => Promise.all(files.map(size));

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the Vite manifest has no entry chunk');
  const entryKeys = staticClosure(manifest, [entryKey]);
  const homeRoots = Object.keys(manifest).filter((key) =>
    HOME_ROUTE_FILES.some((file) => key === file || key.startsWith(`${file}?`)),
  );
  const homeKeys = new Set([...staticClosure(manifest, homeRoots)].filter((key) => !entryKeys.has(key)));
  const initialKeys = new Set([...entryKeys, ...homeKeys]);

  const routeKeys = (files: string[]) =>
    Object.keys(manifest).filter((key) => files.some((file) => key === file || key.startsWith(`${file}?`)));
  const pageJs: PageJs[] = [];
  for (const page of pages) {
    const keys = staticClosure(manifest, [
      ...entryKeys,
      ...routeKeys(page.routeFiles),
      ...routeKeys(page.lazyModules ?? []),
    ]);
    const files = await measureAll(filesOf(keys));
    pageJs.push({ name: page.name, label: page.label, files, gzipBytes: sum(files) });
  }

  const entryJs = await measureAll(filesOf(entryKeys));
  const homeJs = await measureAll(filesOf(homeKeys));
  const initialCssFiles = cssOf(entryKeys);
  const initialCss = await measureAll(initialCssFiles);
  const homeCss = await measureAll(cssOf(homeKeys).filter((file) => !initialCssFiles.includes(file)));

  const routeChunks: RouteChunk[] = [];
  const importers = new Map<string, number>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const extraKeys = [...staticClosure(manifest, [key])].filter(
      (other) => other !== key && !initialKeys.has(other),
    );
    for (const other of extraKeys) importers.set(other, (importers.get(other) ?? 0) + 1);
    const [route = key, split = ''] = (chunk.src ?? key).split('?');
    routeChunks.push({
      ...(await size(chunk.file)),
      route,
      split: new URLSearchParams(split).get('tsr-split') ?? split,
      extra: await measureAll(filesOf(extraKeys)),
    });
  }
  routeChunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sharedLazyJs = await Promise.all(
    [...importers]
      .filter(([key]) => !manifest[key]?.isDynamicEntry)
      .map(async ([key, count]) => ({ ...(await size(manifest[key]?.file ?? key)), importers: count })),
  );
  sharedLazyJs.sort((a, b) => b.gzipBytes - a.gzipBytes);

  // Where the initial bytes come from, per package or app folder, from the source maps.
  const groups = new Map<string, ModuleGroupShare>();
  const modules = new Map<string, ModuleGroupShare>();
  const unmapped: string[] = [];
  for (const asset of [...entryJs, ...homeJs]) {
    const share = await sourceShare(path.join(distDir, asset.file)).catch(() => undefined);
    if (!share) {
      unmapped.push(asset.file);
      continue;
    }
    for (const [source, bytes] of share.bySource) {
      const gzipBytesEstimate = (bytes / share.totalBytes) * asset.gzipBytes;
      const group = source === '(unmapped)' ? source : moduleGroup(source, root);
      const label = source === '(unmapped)' ? source : shortModule(source, root);
      for (const [map, key] of [
        [groups, group],
        [modules, label],
      ] as const) {
        const entry = map.get(key) ?? { group: key, bytes: 0, gzipBytesEstimate: 0 };
        entry.bytes += bytes;
        entry.gzipBytesEstimate += gzipBytesEstimate;
        map.set(key, entry);
      }
    }
  }
  const bySize = (a: ModuleGroupShare, b: ModuleGroupShare) => b.bytes - a.bytes;
  return {
    pageJs,
    htmlScripts: htmlReferences(html),
    entryJs,
    homeJs,
    initialCss,
    homeCss,
    routeChunks,
    sharedLazyJs,
    composition: [...groups.values()].sort(bySize),
    largestModules: [...modules.values()].sort(bySize),
    unmapped,
  };
}

/** A source path as people name it: from the package (`react-dom/cjs/…`) or from the repository root. */
function shortModule(source: string, root: string): string {
  const normalised = source.replaceAll('\\', '/');
  const nodeModules = normalised.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) return normalised.slice(nodeModules + '/node_modules/'.length);
  const relative = path.relative(root, source).replaceAll('\\', '/');
  return relative.startsWith('..') ? normalised : relative;
}

export const sum = (assets: AssetSize[], field: 'bytes' | 'gzipBytes' = 'gzipBytes') =>
  assets.reduce((total, asset) => total + asset[field], 0);
