/**
 * Line colours that keep 3:1 against the card in both colour modes (WCAG 1.4.11) and stay apart
 * from each other: Mantine's blue, orange, grape, teal, red, lime, indigo, pink, cyan, yellow —
 * shade 7 on light cards, shade 4 on dark ones.
 */
const light = [
  '#1c7ed6',
  '#e8590c',
  '#ae3ec9',
  '#0c8599',
  '#e03131',
  '#5c940d',
  '#4263eb',
  '#d6336c',
  '#1098ad',
  '#e67700',
];
const dark = [
  '#4dabf7',
  '#ffa94d',
  '#da77f2',
  '#38d9a9',
  '#ff8787',
  '#a9e34b',
  '#748ffc',
  '#f783ac',
  '#3bc9db',
  '#ffd43b',
];

export function seriesColor(index: number, darkMode: boolean): string {
  const palette = darkMode ? dark : light;
  return palette[index % palette.length] ?? '#1c7ed6';
}
