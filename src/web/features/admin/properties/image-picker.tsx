import { CircleCheck, ImagePlus, TriangleAlert, X } from "lucide-react";
import { type DragEvent, useId, useState } from "react";
import { adminMessages } from "#domain/admin";
import { formatFileSize } from "#domain/tenant-files";
import { Button, buttonVariants } from "#web/components/ui/button";
import { Progress } from "#web/components/ui/progress";
import { cn } from "#web/lib/utils";
import type { ImageUploads, PendingImage } from "./use-image-uploads";

/**
 * Choose images to upload with the dialog's save: a real file input (keyboard and screen reader
 * operable, its label styled as the button) and a drop zone for the mouse. While saving, each
 * file shows a progress bar named by the file.
 */
export function ImagePicker({
  uploads,
  busy,
  label = "Upload Images",
}: {
  uploads: ImageUploads;
  busy: boolean;
  label?: string;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) uploads.add([...event.dataTransfer.files]);
  };

  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is the mouse's shortcut; the file input below is the keyboard's way */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "relative flex flex-col items-center gap-2 rounded-lg border-2 border-dashed border-border p-4 text-center",
          dragging && "border-primary bg-secondary",
        )}
      >
        <ImagePlus aria-hidden="true" className="size-8 text-muted-foreground" />
        <input
          id={id}
          type="file"
          multiple
          accept="image/*"
          disabled={busy}
          aria-describedby={`${id}-hint`}
          className="peer sr-only"
          onChange={(event) => {
            uploads.add([...(event.target.files ?? [])]);
            // Cleared so that choosing the same file again after removing it still counts.
            event.target.value = "";
          }}
        />
        <label
          htmlFor={id}
          className={cn(
            buttonVariants({ variant: "outline" }),
            "h-11 cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
          )}
        >
          Choose images
        </label>
        <p className="text-sm text-muted-foreground">or drag and drop them here</p>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {adminMessages.imageHint}
        </p>
      </div>
      {uploads.selectionError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {uploads.selectionError}
        </p>
      ) : null}
      {uploads.items.length > 0 ? (
        <ul aria-label="Images to upload" className="grid gap-2">
          {uploads.items.map((item) => (
            <PendingRow
              key={item.key}
              item={item}
              busy={busy}
              onRemove={() => uploads.remove(item.key)}
            />
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

function PendingRow({
  item,
  busy,
  onRemove,
}: {
  item: PendingImage;
  busy: boolean;
  onRemove: () => void;
}) {
  const name = item.file.name;
  return (
    <li className="grid gap-1.5 rounded-md border border-border p-2 text-sm">
      <div className="flex min-w-0 items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium" title={name}>
          {name}
        </span>
        <span className="shrink-0 text-muted-foreground">{formatFileSize(item.file.size)}</span>
        {item.status === "done" ? (
          <CircleCheck role="img" aria-label="Uploaded" className="size-5 shrink-0 text-primary" />
        ) : item.status === "failed" ? (
          <TriangleAlert
            role="img"
            aria-label="Upload failed"
            className="size-5 shrink-0 text-destructive"
          />
        ) : busy ? null : (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
            className="-my-1 shrink-0"
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
      {item.status !== "waiting" || busy ? <Progress value={item.percent} label={name} /> : null}
    </li>
  );
}
