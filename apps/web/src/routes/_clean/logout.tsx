import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '../../features/profile/components/logout-page.tsx';

export const Route = createFileRoute('/_clean/logout')({
  staticData: { title: { page: 'nav.logout' } },
  component: LogoutPage,
});
