import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, FileUp, X } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { uploadSize } from "#domain/i18n/file-formats";
import {
  acceptedDocumentKinds,
  documentAccept,
  documentUploadMessages,
  type FileCategory,
  fileCategories,
  filesMessages,
  TENANT_FILE_MAX_BYTES,
  TENANT_FILE_MAX_MB,
  TENANT_FILES_PER_REQUEST_MAX,
} from "#domain/tenant-files";
import { Button, buttonVariants } from "#web/components/ui/button";
import { SelectField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { upload } from "#web/lib/api-client";
import { invalidate } from "#web/lib/query";
import { cn } from "#web/lib/utils";
import { readRefusal } from "../refusals";

/** Why these files cannot be sent as they are, checked before sending; null when they can. */
function filesProblem(files: File[]): string | null {
  if (files.length === 0) return documentUploadMessages.noFile;
  if (files.length > TENANT_FILES_PER_REQUEST_MAX) return documentUploadMessages.tooMany;
  if (files.some((file) => file.size > TENANT_FILE_MAX_BYTES)) return filesMessages.tooBig;
  return null;
}

/**
 * Sends the office documents: a category and one or more files, in one multipart request to the
 * signed-in tenant's own upload (the same rules as every tenant file).
 */
export function DocumentUploadForm() {
  const client = useQueryClient();
  const { t, locale } = useI18n();
  const id = useId();
  const [category, setCategory] = useState<FileCategory>("other");
  const [files, setFiles] = useState<File[]>([]);
  // Kept in the English it came in and translated when shown: the language may change meanwhile.
  const [problem, setProblem] = useState<{ text: string; notSent?: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLDivElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const before = filesProblem(files);
    setProblem(before === null ? null : { text: before });
    if (before) {
      input.current?.focus();
      return;
    }
    const body = new FormData();
    body.append("category", category);
    for (const file of files) body.append("file", file, file.name);
    setSending(true);
    try {
      await upload(tenantFilesApi.tenantUpload, {}, body);
      void invalidate(client, tenantFilesApi.tenantUpload.invalidates);
      setFiles([]);
      setSent(true);
      requestAnimationFrame(() => done.current?.focus());
    } catch (error) {
      const refusal = readRefusal(error, {
        fields: ["category"],
        fileField: "file",
        tooBig: filesMessages.tooBig,
        wrongType: filesMessages.wrongType,
      });
      const placed = refusal.files ?? refusal.fields.category;
      setProblem(placed ? { text: placed } : { text: refusal.general ?? "", notSent: true });
      input.current?.focus();
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="grid gap-4">
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        {t("portal.documents.send")}
      </h3>
      <SelectField
        label={t("portal.documents.what")}
        value={category}
        onChange={(event) => setCategory(event.target.value as FileCategory)}
      >
        {fileCategories.map((value) => (
          <option key={value} value={value}>
            {t(`upload.category.${value}`)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-2">
        <input
          ref={input}
          id={`${id}-files`}
          type="file"
          multiple
          accept={documentAccept}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : `${id}-kinds`}
          className="peer sr-only"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            event.target.value = "";
            if (chosen.length === 0) return;
            setSent(false);
            setProblem(null);
            setFiles((current) => [...current, ...chosen]);
          }}
        />
        <label
          htmlFor={`${id}-files`}
          className={cn(
            buttonVariants({ variant: "outline" }),
            "h-11 w-fit cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
          )}
        >
          <FileUp aria-hidden="true" /> {t("portal.documents.choose")}
        </label>
        <p id={`${id}-kinds`} className="text-sm text-muted-foreground">
          {t("portal.documents.kinds", {
            kinds: acceptedDocumentKinds.join(", "),
            mb: TENANT_FILE_MAX_MB,
          })}
        </p>
        {files.length > 0 ? (
          <ul aria-label={t("portal.documents.chosen")} className="grid gap-2">
            {files.map((file, index) => (
              <li
                // The same file may be chosen twice: its place tells the two apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={`${file.name}-${index}`}
                className="flex items-center justify-between gap-3 rounded-md border border-border p-2 pl-3 text-sm"
              >
                <span className="min-w-0 break-all">
                  {file.name}{" "}
                  <span className="text-muted-foreground">{`(${uploadSize(file.size, locale)})`}</span>
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("portal.documents.remove", { name: file.name })}
                  onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {problem ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            {problem.notSent
              ? `${t("portal.documents.notSent")} ${translateMessage(t, problem.text)}`.trim()
              : translateMessage(t, problem.text)}
          </p>
        ) : null}
      </div>
      <div ref={done} tabIndex={-1} role="status" className="outline-none empty:hidden">
        {sent ? (
          <p className="flex items-start gap-2 rounded-md bg-secondary p-3 font-medium text-secondary-foreground">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t("portal.documents.sent")}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="h-11 w-full sm:w-fit" disabled={sending}>
        {sending ? t("portal.sending") : t("portal.documents.sendButton")}
      </Button>
    </form>
  );
}
