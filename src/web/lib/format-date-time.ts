const formatter = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/New_York",
});

/**
 * 'Nov 22, 2026, 3:04 PM' in the agency's time zone (Connecticut), whatever the viewer's; '—'
 * for no date. Newer ICU data puts a narrow no-break space before AM/PM: a plain space reads,
 * copies and searches the same everywhere.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return formatter.format(date).replace(/\u202f/g, " ");
}
