import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../app/guard.ts';
import { AppShellLayout } from '../components/layout/app-shell-layout.tsx';

/** The default layout; every route below it needs a signed-in user. */
export const Route = createFileRoute('/_app')({
  beforeLoad: guard('login'),
  component: () => <AppShellLayout variant="default" />,
});
