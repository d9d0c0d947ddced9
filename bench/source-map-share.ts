import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The parts of a version 3 source map this module reads. */
interface SourceMap {
  version: number;
  sources: string[];
  sourceRoot?: string;
  mappings: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** One mapped span of a generated line: [column, source index or -1 when unmapped]. */
type Segment = [column: number, source: number];

/**
 * Decodes the `mappings` field down to what byte attribution needs: per generated line, where each
 * segment starts and which source it came from. Source lines, columns and names are decoded only
 * because the VLQ fields are relative and must be consumed in order.
 */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let line: Segment[] = [];
  let source = 0;
  let fields: number[] = [];
  let value = 0;
  let shift = 0;
  let column = 0;
  const endSegment = () => {
    if (fields.length) {
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1] ?? 0;
        line.push([column, source]);
      } else {
        line.push([column, -1]);
      }
    }
    fields = [];
  };
  for (const char of mappings) {
    if (char === ',' || char === ';') {
      endSegment();
      if (char === ';') {
        lines.push(line);
        line = [];
        column = 0;
      }
      continue;
    }
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`invalid character "${char}" in source map mappings`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  endSegment();
  lines.push(line);
  return lines;
}

/**
 * What a reader of the report recognises: a package for dependencies (`@mantine/core`), the feature or
 * shared folder for the app's own code (`src/features/home`, `src/lib`), the workspace package for
 * contracts.
 */
export function moduleGroup(absoluteSource: string, root: string): string {
  const normalised = absoluteSource.replaceAll('\\', '/');
  const nodeModules = normalised.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) {
    const parts = normalised.slice(nodeModules + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? normalised);
  }
  const relative = path.relative(root, absoluteSource).replaceAll('\\', '/');
  if (relative.startsWith('..')) return normalised.replace(/^\0/, '(virtual) ');
  const web = /^apps\/web\/src\/(.*)$/.exec(relative)?.[1];
  if (web !== undefined) {
    const parts = web.split('/');
    if ((parts[0] === 'features' || parts[0] === 'components') && parts.length > 2)
      return `src/${parts[0]}/${parts[1]}`;
    return parts.length > 1 ? `src/${parts[0]}` : `src/${web}`;
  }
  const workspace = /^packages\/([^/]+)\//.exec(relative)?.[1];
  if (workspace) return `@portaal/${workspace}`;
  return relative;
}

export interface SourceShare {
  /** Bytes of generated code per source file (absolute path), unmapped code under `(unmapped)`. */
  bySource: Map<string, number>;
  totalBytes: number;
}

/**
 * Attributes every byte of a generated file to the source its mapping segment points at. Minified
 * output is ASCII apart from string literals, so UTF-16 columns convert to bytes per span.
 */
export async function sourceShare(file: string): Promise<SourceShare> {
  const [code, mapText] = await Promise.all([readFile(file, 'utf8'), readFile(`${file}.map`, 'utf8')]);
  const map = JSON.parse(mapText) as SourceMap;
  if (map.version !== 3 || !Array.isArray(map.sources) || typeof map.mappings !== 'string')
    throw new Error(`${file}.map is not a version 3 source map`);
  const base = path.resolve(path.dirname(file), map.sourceRoot ?? '');
  const sources = map.sources.map((source) => path.resolve(base, source));
  const bySource = new Map<string, number>();
  const add = (key: string, text: string) => {
    if (text.length) bySource.set(key, (bySource.get(key) ?? 0) + Buffer.byteLength(text));
  };
  const lines = code.split('\n');
  const segments = decodeMappings(map.mappings);
  lines.forEach((text, index) => {
    const line = segments[index] ?? [];
    add('(unmapped)', text.slice(0, line[0]?.[0] ?? text.length));
    line.forEach(([column, source], position) => {
      const end = line[position + 1]?.[0] ?? text.length;
      add(source >= 0 ? (sources[source] ?? '(unmapped)') : '(unmapped)', text.slice(column, end));
    });
  });
  // The newlines themselves.
  add('(unmapped)', '\n'.repeat(Math.max(0, lines.length - 1)));
  return { bySource, totalBytes: Buffer.byteLength(code) };
}
