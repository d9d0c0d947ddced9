import { createFileRoute } from '@tanstack/react-router';
import { LogoutPage } from '../../features/profile/logout-page.tsx';

export const Route = createFileRoute('/_clean/logout')({ component: LogoutPage });
