/// <reference path="../../types/fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff.ts';

const require = createRequire(import.meta.url);

describe('WOFF to SFNT', () => {
  it('gives the same font, laid out the same, as fontkit reads from the WOFF file', () => {
    const woff = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'));
    const sfnt = woffToSfnt(woff);
    expect(sfnt.toString('latin1', 0, 4)).not.toBe('wOFF');
    const fromWoff = fontkit.create(woff);
    const fromSfnt = fontkit.create(sfnt);
    expect(fromSfnt.postscriptName).toBe(fromWoff.postscriptName);
    expect(fromSfnt.unitsPerEm).toBe(fromWoff.unitsPerEm);
    const text = 'Beschikbaarheid 99,95% — beëindigd';
    expect(fromSfnt.layout(text).advanceWidth).toBe(fromWoff.layout(text).advanceWidth);
  });

  it('refuses what is not WOFF 1.0', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 not this one'))).toThrow(/WOFF/);
  });
});
