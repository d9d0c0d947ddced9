import { createFileRoute } from '@tanstack/react-router';
import { loadFullStyles } from '../../app/full-styles.ts';
import { LogoutPage } from '../../features/profile/components/logout-page.tsx';

export const Route = createFileRoute('/_clean/logout')({
  staticData: { title: { page: 'nav.logout' } },
  loader: loadFullStyles,
  component: LogoutPage,
});
