import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { uploadSize } from "#domain/i18n/file-formats";
import { Progress } from "#web/components/ui/progress";
import { useI18n } from "#web/i18n/i18n-provider";
import { failureText, type UploadRow } from "../use-document-uploads";

function RowStatus({ row }: { row: UploadRow }) {
  const { t } = useI18n();
  switch (row.status) {
    case "waiting":
      return (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Clock aria-hidden="true" className="size-4" /> {t("upload.rows.waiting")}
        </p>
      );
    case "uploading":
      return (
        <div className="flex items-center gap-3">
          <Progress value={row.percent} label={row.name} className="flex-1" />
          <span aria-hidden="true" className="w-10 text-right text-sm tabular-nums">
            {`${Math.round(row.percent)}%`}
          </span>
        </div>
      );
    case "done":
      return (
        <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
          <CheckCircle2 aria-hidden="true" className="size-4" /> {t("upload.rows.uploaded")}
        </p>
      );
    case "failed":
      return (
        <p className="flex items-start gap-1.5 text-sm font-medium text-destructive">
          <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />{" "}
          {row.error ? failureText(t, row.error) : null}
        </p>
      );
  }
}

/** One row per chosen file: its name and size, then its progress and how it ended. */
export function UploadRows({ rows }: { rows: UploadRow[] }) {
  const { t, locale } = useI18n();
  if (rows.length === 0) return null;
  return (
    <ul aria-label={t("upload.rows.label")} className="grid gap-3">
      {rows.map((row) => (
        <li key={row.id} className="grid gap-2 rounded-lg border border-border p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="min-w-0 font-medium break-all">{row.name}</span>
            <span className="text-sm text-muted-foreground">{uploadSize(row.size, locale)}</span>
          </div>
          {/* Announced when it changes: waiting, uploaded, or why it failed. */}
          <div aria-live="polite">
            <RowStatus row={row} />
          </div>
        </li>
      ))}
    </ul>
  );
}
