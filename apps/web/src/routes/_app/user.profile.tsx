import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { meQueries } from '../../features/profile/api/me-queries.ts';
import { ProfilePage } from '../../features/profile/components/profile-page.tsx';

export const Route = createFileRoute('/_app/user/profile')({
  staticData: { requirement: 'login', title: { page: 'nav.profile' } },
  beforeLoad: guard('login'),
  // Not awaited: the page shows its skeletons while the profile loads.
  loader: ({ context: { session } }) =>
    void session.queryClient.prefetchQuery(meQueries.profile(session.api)),
  component: ProfilePage,
});
