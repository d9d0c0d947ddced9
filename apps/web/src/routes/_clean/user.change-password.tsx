import { createFileRoute } from '@tanstack/react-router';
import { loadFullStyles } from '../../app/full-styles.ts';
import { ChangePasswordPage } from '../../features/profile/components/change-password-page.tsx';

/** Public (SPEC.md §2): no guard; a signed-in user finds the username filled in. */
export const Route = createFileRoute('/_clean/user/change-password')({
  staticData: { title: { page: 'nav.changePassword' } },
  loader: loadFullStyles,
  component: ChangePasswordPage,
});
