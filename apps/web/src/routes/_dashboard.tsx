import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../app/guard.ts';
import { AppShellLayout } from '../components/layout/app-shell-layout.tsx';

export const Route = createFileRoute('/_dashboard')({
  beforeLoad: guard('login'),
  component: () => <AppShellLayout variant="dashboard" />,
});
