import { StrokeIcon } from '../../../components/icon/stroke-icon.tsx';

/** Small outline icons (24 × 24, stroke); always decorative: the text beside them carries the meaning. */
const paths = {
  message: ['M4 5h16v11H8l-4 4z'],
  paperclip: ['M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7.5'],
  download: ['M12 4v11', 'M7 10l5 5 5-5', 'M5 20h14'],
  back: ['M19 12H5', 'M11 6l-6 6 6 6'],
  phone: ['M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2'],
  plus: ['M12 5v14', 'M5 12h14'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  file: ['M6 3h9l4 4v14H6z', 'M14 3v5h5'],
  filter: ['M3 5h18l-7 8v6l-4 2v-8z'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M21 21l-5-5'],
  copy: ['M9 9h11v11H9z', 'M5 15H4V4h11v1'],
  check: ['M5 12l5 5 9-10'],
  chart: ['M4 4v16h16', 'M7 15l4-5 3 3 5-6'],
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return <StrokeIcon paths={paths[name]} size={size} style={{ flexShrink: 0 }} />;
}
