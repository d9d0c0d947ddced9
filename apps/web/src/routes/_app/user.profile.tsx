import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { ProfilePage } from '../../features/profile/profile-page.tsx';

export const Route = createFileRoute('/_app/user/profile')({
  staticData: { requirement: 'login' },
  beforeLoad: guard('login'),
  component: ProfilePage,
});
