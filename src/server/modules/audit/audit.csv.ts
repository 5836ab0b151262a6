import type { AuditEvent } from "#domain/audit";

/** The Activity tab's export: the events as CSV, for spreadsheets. */

/** One CSV line: every field quoted, quotes doubled; a leading = + - @ is defused (CSV injection). */
export function csvLine(values: readonly unknown[]): string {
  return values
    .map((value) => {
      let text =
        value === null || value === undefined
          ? ""
          : typeof value === "object"
            ? JSON.stringify(value)
            : String(value);
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return `"${text.replace(/"/g, '""')}"`;
    })
    .join(",");
}

export const CSV_COLUMNS = [
  "time",
  "actor",
  "action",
  "target",
  "building",
  "changes",
  "detail",
  "address",
  "browser",
  "request",
] as const;

export function csvRow(event: AuditEvent): string {
  return csvLine([
    event.at,
    event.actorEmail ?? event.actorId ?? "",
    event.label,
    event.targetType ? `${event.targetType} ${event.targetId ?? ""}`.trim() : "",
    event.propertyId,
    event.changes,
    event.detail,
    event.ipAddress,
    event.userAgent,
    event.requestId,
  ]);
}
