/**
 * A bell: a task's reminders on its row, in its editor and in a reminder's
 * notice. Drawn, not an emoji, so it looks the same on every system. A plain
 * subpath (`@stride/shared/reminder-icon`), bundled by each app that uses it.
 */
export function ReminderIcon({ size = 14 }: { size?: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      style={{ flex: 'none', verticalAlign: '-0.125em' }}
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
