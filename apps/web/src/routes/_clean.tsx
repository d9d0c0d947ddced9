import { createFileRoute } from '@tanstack/react-router';
import { CleanLayout } from '../components/layout/clean-layout.tsx';

export const Route = createFileRoute('/_clean')({ component: () => <CleanLayout /> });
