import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** SPEC.md §9: primary green, cool gray, brand scales orange and blue (shades 50–950). */
const scale = (...shades: string[]) => shades as unknown as MantineColorsTuple;

export const palette = {
  green: scale(
    '#f0fdf4',
    '#dcfce7',
    '#bbf7d0',
    '#86efac',
    '#4ade80',
    '#22c55e',
    '#16a34a',
    '#15803d',
    '#166534',
    '#14532d',
    '#052e16',
  ),
  gray: scale(
    '#f9fafb',
    '#f3f4f6',
    '#e5e7eb',
    '#d1d5db',
    '#9ca3af',
    '#6b7280',
    '#4b5563',
    '#374151',
    '#1f2937',
    '#111827',
    '#030712',
  ),
  orange: scale(
    '#fff7ed',
    '#ffedd5',
    '#fed7aa',
    '#fdba74',
    '#fb923c',
    '#f97316',
    '#ea580c',
    '#c2410c',
    '#9a3412',
    '#7c2d12',
    '#431407',
  ),
  blue: scale(
    '#eff6ff',
    '#dbeafe',
    '#bfdbfe',
    '#93c5fd',
    '#60a5fa',
    '#3b82f6',
    '#2563eb',
    '#1d4ed8',
    '#1e40af',
    '#1e3a8a',
    '#172554',
  ),
  red: scale(
    '#fef2f2',
    '#fee2e2',
    '#fecaca',
    '#fca5a5',
    '#f87171',
    '#ef4444',
    '#dc2626',
    '#b91c1c',
    '#991b1b',
    '#7f1d1d',
    '#450a0a',
  ),
  // Mantine's dark scale from the cool gray: 0 is the text colour, 7 the page in dark mode.
  dark: scale(
    '#f3f4f6',
    '#e5e7eb',
    '#d1d5db',
    '#9ca3af',
    '#6b7280',
    '#374151',
    '#1f2937',
    '#111827',
    '#0b1120',
    '#030712',
  ),
};

/** The app's breakpoints (px): sm 768, md 1024, lg 1500, xl 1750, 2xl 2200. */
export const BREAKPOINTS_PX = { xs: 576, sm: 768, md: 1024, lg: 1500, xl: 1750, '2xl': 2200 } as const;
const em = (px: number) => `${px / 16}em`;

/**
 * The focus indicator (outline of every control, border of a focused input) in each colour mode. The
 * primary filled colour (green 800 in dark mode) is too dark on the dark page (2.5:1) and on inputs
 * and cards (2.1:1); WCAG 1.4.11 asks for 3:1. Green 700 on white is 5.0:1, green 400 on the dark
 * page 10.2:1 and on dark cards and inputs 8.4:1 (theme.test.ts computes them).
 */
export const FOCUS_RING = { light: palette.green[7], dark: palette.green[4] } as const;

/** Error texts at WCAG AA contrast: red 700 on white, red 400 on the dark page. */
export const cssVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': palette.red[7], '--portaal-focus-ring': FOCUS_RING.light },
  dark: { '--mantine-color-error': palette.red[4], '--portaal-focus-ring': FOCUS_RING.dark },
});

export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 8 },
  colors: palette,
  black: palette.gray[9],
  white: '#ffffff',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: Object.fromEntries(Object.entries(BREAKPOINTS_PX).map(([key, px]) => [key, em(px)])),
  fontSizes: { '2xs': '0.6875rem' },
  spacing: { '2xs': '0.25rem' },
  other: { animationMs: 250, easing: 'ease-in-out', toastTimeoutMs: 5000 },
  components: {
    Button: { defaultProps: { size: 'sm', variant: 'filled', color: 'green' } },
    Select: {
      defaultProps: { maxDropdownHeight: '15rem', comboboxProps: { position: 'bottom-end' } },
    },
    Combobox: { defaultProps: { position: 'bottom-end' } },
    // No focus placeholder: it is a focusable role="presentation" child of the role="menu" dropdown
    // (axe aria-required-children, critical); the focus trap then starts on the first item instead,
    // as the WAI-ARIA menu button pattern asks.
    Menu: { defaultProps: { position: 'bottom-end', withInitialFocusPlaceholder: false } },
    Popover: { defaultProps: { position: 'bottom-end' } },
    Modal: { defaultProps: { transitionProps: { duration: 250, timingFunction: 'ease-in-out' } } },
    // Mantine renders the modal's title bar as <header>, which inside role="dialog" is a second banner
    // landmark (axe landmark-no-duplicate-banner, landmark-unique); the dialog's name is its title.
    ModalHeader: { defaultProps: { component: 'div' } },
  },
});

/** Button sizes 2xs–xl and avatar sizes 3xs–3xl (SPEC.md §9), mapped to Mantine sizes. */
export const BUTTON_SIZES = {
  '2xs': 'compact-xs',
  xs: 'xs',
  sm: 'sm',
  md: 'md',
  lg: 'lg',
  xl: 'xl',
} as const;
export const AVATAR_SIZES = {
  '3xs': 16,
  '2xs': 20,
  xs: 24,
  sm: 32,
  md: 40,
  lg: 48,
  xl: 56,
  '2xl': 72,
  '3xl': 96,
} as const;

/** Initials of up to the first two words. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}
