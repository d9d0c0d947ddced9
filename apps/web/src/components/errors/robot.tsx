/** The robot illustration of the error page; decorative. */
export function Robot({ size = 180 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      <line x1="100" y1="22" x2="100" y2="45" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
      <circle cx="100" cy="18" r="9" fill="var(--mantine-color-orange-5)" />
      <rect
        x="45"
        y="45"
        width="110"
        height="80"
        rx="18"
        fill="var(--mantine-color-gray-2)"
        stroke="currentColor"
        strokeWidth="6"
      />
      <circle cx="78" cy="82" r="12" fill="var(--mantine-color-green-7)" />
      <circle cx="122" cy="82" r="12" fill="var(--mantine-color-green-7)" />
      <path
        d="M78 108 Q100 96 122 108"
        stroke="currentColor"
        strokeWidth="6"
        fill="none"
        strokeLinecap="round"
      />
      <rect
        x="60"
        y="132"
        width="80"
        height="46"
        rx="12"
        fill="var(--mantine-color-blue-2)"
        stroke="currentColor"
        strokeWidth="6"
      />
      <line x1="40" y1="150" x2="60" y2="145" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
      <line x1="160" y1="150" x2="140" y2="145" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
