import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, FOCUS_RING, palette } from './theme.ts';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('focus indicator contrast (WCAG 1.4.11, at least 3:1)', () => {
  // What a focused control or input sits on: Mantine's page, card, input and hover backgrounds.
  const backgrounds = {
    light: { page: '#ffffff', subtle: palette.gray[0], hover: palette.gray[1] },
    dark: { page: palette.dark[7], card: palette.dark[6], deeper: palette.dark[8], hover: palette.dark[5] },
  };

  for (const mode of ['light', 'dark'] as const) {
    for (const [name, background] of Object.entries(backgrounds[mode])) {
      it(`${mode} mode: the ring against the ${name} background`, () => {
        expect(contrast(FOCUS_RING[mode], background)).toBeGreaterThanOrEqual(3);
      });
    }
  }

  it('is what the theme hands to the CSS in each mode', () => {
    const variables = cssVariablesResolver();
    expect(variables.light['--portaal-focus-ring']).toBe(FOCUS_RING.light);
    expect(variables.dark['--portaal-focus-ring']).toBe(FOCUS_RING.dark);
  });

  it('computes contrast the WCAG way (the old dark ring measured 2.49:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast(palette.green[8], palette.dark[7])).toBeCloseTo(2.49, 2);
  });
});

describe('dark mode in the stylesheets', () => {
  it('no stylesheet uses light-dark(), which the build lowers to variables dark mode never sets', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const source = path.resolve(import.meta.dirname, '..');
    const files = (await readdir(source, { recursive: true })).filter((file) => file.endsWith('.css'));
    expect(files.length).toBeGreaterThan(10);
    const offenders: string[] = [];
    for (const file of files) {
      const text = (await readFile(path.join(source, file), 'utf8')).replace(/\/\*[\s\S]*?\*\//g, '');
      if (/light-dark\(/.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
