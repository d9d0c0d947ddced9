import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guard.ts';
import { access } from '../../app/navigation.ts';
import { SavedRepliesPage } from '../../features/tickets/components/saved-replies-page.tsx';

export const Route = createFileRoute('/_app/admin/saved-replies')({
  staticData: {
    requirement: access.adminTickets,
    title: { page: 'titles.savedReplies', area: 'adminTickets' },
  },
  beforeLoad: guard(access.adminTickets),
  // No loader: like the queue, the page fetches on mount and shows its skeleton meanwhile.
  component: SavedRepliesPage,
});
