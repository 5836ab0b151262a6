import { FileCheck2 } from "lucide-react";
import { uploadDate, uploadSize } from "#domain/i18n/file-formats";
import { useI18n } from "#web/i18n/i18n-provider";
import type { ReceivedFile } from "../api/upload-document";

/** The files the office already has through this link. */
export function ReceivedFiles({ files }: { files: ReceivedFile[] }) {
  const i18n = useI18n();
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="received-files-heading" className="grid gap-2">
      <h2 id="received-files-heading" className="text-lg font-semibold">
        {i18n.t("upload.receivedFiles.heading")}
      </h2>
      <ul className="grid gap-2">
        {files.map((file) => (
          <li
            // A name may repeat (the same photo sent twice), not with the same upload time.
            key={`${file.uploadDate}-${file.originalName}-${file.size}`}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border p-3 text-sm"
          >
            <FileCheck2 aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="min-w-0 flex-1 font-medium break-all">{file.originalName}</span>
            <span className="text-muted-foreground">
              {`${uploadSize(file.size, i18n.locale)} · ${uploadDate(file.uploadDate, i18n)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
