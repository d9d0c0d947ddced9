import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../../features/profile/change-password-page.tsx';

export const Route = createFileRoute('/_clean/user/change-password')({ component: ChangePasswordPage });
