import { UploadCloud } from "lucide-react";
import { type DragEvent, useId, useState } from "react";
import { acceptedDocumentKinds, documentAccept, TENANT_FILE_MAX_MB } from "#domain/tenant-files";
import { buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";

/**
 * Files dropped here or chosen with the picker. The picker is a real file input (visually hidden,
 * still focusable) with a visible label styled as a button: keyboard and screen readers use it as
 * they would any file input, and dragging is an extra for those with a mouse.
 */
export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useI18n();
  const [over, setOver] = useState(false);
  const id = useId();

  const hover = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setOver(true);
  };

  return (
    <fieldset
      onDragEnter={hover}
      onDragOver={hover}
      onDragLeave={(event) => {
        // Moving over a child fires dragleave on the zone too: only leaving the zone counts.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      }}
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors motion-reduce:transition-none",
        over ? "border-primary bg-secondary" : "border-border bg-muted",
      )}
    >
      <legend className="sr-only">{t("upload.dropZone.legend")}</legend>
      <UploadCloud aria-hidden="true" className="size-10 text-primary" />
      <p className="font-medium">{t("upload.dropZone.drag")}</p>
      <input
        id={id}
        type="file"
        multiple
        accept={documentAccept}
        aria-describedby={`${id}-kinds`}
        className="peer sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same file again (after a failure) is a change.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ size: "lg" }),
          "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
        )}
      >
        {t("upload.dropZone.choose")}
      </label>
      <p id={`${id}-kinds`} className="text-sm text-muted-foreground">
        {t("upload.dropZone.kinds", {
          kinds: acceptedDocumentKinds.slice(0, -1).join(", "),
          last: acceptedDocumentKinds.at(-1),
          max: TENANT_FILE_MAX_MB,
        })}
      </p>
    </fieldset>
  );
}
