import { createFileRoute } from '@tanstack/react-router';
import { loadFullStyles } from '../app/full-styles.ts';
import { guard } from '../app/guard.ts';
import { AppShellLayout } from '../components/layout/app-shell-layout.tsx';

/**
 * The default layout; every route below it needs a signed-in user. Its screens wait for Mantine's
 * whole stylesheet (the first paint brings only the shell's).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: guard('login'),
  loader: loadFullStyles,
  component: () => <AppShellLayout variant="default" />,
});
