import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { meQueries } from '../../features/profile/api/me-queries.ts';
import { notificationChoicesQueries } from '../../features/profile/api/notification-choices-queries.ts';
import { NotificationChoicesSection } from '../../features/profile/components/notification-choices-section.tsx';
import { ProfilePage } from '../../features/profile/components/profile-page.tsx';

/** The profile with the caller's notification choices in its slot (below Preferences). */
function Profile() {
  return <ProfilePage notificationChoices={<NotificationChoicesSection />} />;
}

export const Route = createFileRoute('/_app/user/profile')({
  staticData: { requirement: 'login', title: { page: 'nav.profile' } },
  beforeLoad: guard('login'),
  // Not awaited: the page shows its skeletons while the profile and the choices load.
  loader: ({ context: { session } }) => {
    void session.queryClient.prefetchQuery(meQueries.profile(session.api));
    void session.queryClient.prefetchQuery(notificationChoicesQueries.list(session.api));
  },
  component: Profile,
});
