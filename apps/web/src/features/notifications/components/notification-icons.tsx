import { StrokeIcon } from '../../../components/icon/stroke-icon.tsx';

/** Outline icons of the bell (24 × 24, stroke); decorative: the accessible names carry the meaning. */
const paths = {
  bell: ['M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0'],
  markRead: ['M20 6L9 17l-5-5'],
  markUnread: ['M3 7l9 6 9-6', 'M3 5h18v14H3z'],
} as const;

export function NotificationIcon({ name, size = 18 }: { name: keyof typeof paths; size?: number }) {
  return <StrokeIcon paths={paths[name]} size={size} />;
}
