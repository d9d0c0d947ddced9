import type { AreaKey } from '../../app/navigation.ts';
import { StrokeIcon } from '../../components/icon/stroke-icon.tsx';

/** Outline icons (24 × 24, stroke) per area; decorative, the card title names the area. */
const paths: Partial<Record<AreaKey, string[]>> = {
  servers: ['M4 4h16v6H4z', 'M4 14h16v6H4z', 'M8 7h.01', 'M8 17h.01'],
  landscape: ['M12 3l8 4.5v9L12 21l-8-4.5v-9z', 'M12 12l8-4.5', 'M12 12v9', 'M12 12L4 7.5'],
  support: ['M4 5h16v11H8l-4 4z', 'M8 9h8', 'M8 12h5'],
  slaUsage: ['M4 20V10', 'M10 20V4', 'M16 20v-7', 'M22 20H2'],
  administration: ['M6 3h9l4 4v14H6z', 'M14 3v5h5', 'M9 12h7', 'M9 16h7'],
  company: [
    'M4 21V5l8-2v18',
    'M12 9h8v12',
    'M8 8h.01',
    'M8 12h.01',
    'M8 16h.01',
    'M16 13h.01',
    'M16 17h.01',
    'M2 21h20',
  ],
  adminCustomers: [
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M2 21v-1a6 6 0 0 1 12 0v1',
    'M16 3.5a4 4 0 0 1 0 7',
    'M22 21v-1a6 6 0 0 0-4-5.6',
  ],
  adminCrosschecks: ['M9 11l3 3 8-8', 'M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9'],
  adminMailings: ['M3 6h18v12H3z', 'M3 7l9 6 9-6'],
  adminUsage: ['M12 3v9l6 3', 'M21 12a9 9 0 1 1-9-9'],
  adminTickets: ['M4 5h16v11H8l-4 4z', 'M8 9h8', 'M8 12h5', 'M18 2v4', 'M16 4h4'],
};

export function AreaIcon({ area }: { area: AreaKey }) {
  return <StrokeIcon paths={paths[area] ?? ['M4 4h16v16H4z']} size={22} strokeWidth={1.8} />;
}
