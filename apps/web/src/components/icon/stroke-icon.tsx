import type { CSSProperties } from 'react';

/**
 * An outline icon: path data in a 24 × 24 view box, stroked in the text's colour. Always decorative
 * (hidden from assistive technology): the text or the accessible name beside it carries the meaning.
 */
export function StrokeIcon({
  paths,
  size = 16,
  strokeWidth = 2,
  style,
}: {
  paths: readonly string[];
  size?: number;
  strokeWidth?: number;
  style?: CSSProperties;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={style}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
