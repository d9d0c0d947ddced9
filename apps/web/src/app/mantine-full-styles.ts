// Mantine's whole stylesheet, in its cascade layer (`@layer mantine`), so the order in which it
// arrives beside the shell's per-component files (main.tsx) does not matter and the app's own rules
// always win. Imported only by lazily loaded code: Vite gives it a CSS file of its own, fetched with
// the first chunk that needs it. The notifications' styles come with header-styles.ts, which the
// header and the toaster load on every start: one CSS file for both.
import '@mantine/core/styles.layer.css';
import './header-styles.ts';
