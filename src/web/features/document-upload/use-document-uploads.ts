import { useCallback, useEffect, useRef, useState } from "react";
import { filesMessages, TENANT_FILE_MAX_BYTES } from "#domain/tenant-files";
import { translateMessage } from "#web/i18n/translate-message";
import { ApiError } from "#web/lib/api-client";
import { type UploadedFiles, uploadDocument } from "./api/upload-document";

/**
 * Why a file failed: the server's (or the domain's) English words, the network, or nothing
 * known. Kept as such and put in the page's language when shown.
 */
export type UploadFailure =
  | { kind: "message"; text: string }
  | { kind: "connection" }
  | { kind: "unknown" };

export type UploadRow = {
  id: number;
  name: string;
  size: number;
  status: "waiting" | "uploading" | "done" | "failed";
  percent: number;
  error: UploadFailure | null;
};

/** Why a file failed: the server's own words when it gave some. */
export function uploadFailure(error: unknown): UploadFailure {
  if (error instanceof ApiError) {
    if (error.status === 0) return { kind: "connection" };
    if (error.fromServer) return { kind: "message", text: error.message };
    if (error.status === 413) return { kind: "message", text: filesMessages.tooBig };
    if (error.status === 415) return { kind: "message", text: filesMessages.wrongType };
  }
  return { kind: "unknown" };
}

/** The sentence a failed file shows, in the page's language. */
export function failureText(t: (id: string) => string, failure: UploadFailure): string {
  switch (failure.kind) {
    case "connection":
      return t("form.client.connectionFailed");
    case "unknown":
      return t("upload.rows.failed");
    case "message":
      return translateMessage(t, failure.text);
  }
}

/**
 * The tenant's uploads, one file per request and one at a time (kind to a phone's connection,
 * and each row shows its own progress). A file that fails does not stop the next; a file over the
 * limit is refused here, before it is sent.
 */
export function useDocumentUploads(token: string, onUploaded: (result: UploadedFiles) => void) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const queue = useRef<{ id: number; file: File }[]>([]);
  const running = useRef(false);
  const nextId = useRef(1);
  const controller = useRef<AbortController | null>(null);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  const update = useCallback((id: number, change: Partial<UploadRow>) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    if (!controller.current || controller.current.signal.aborted) {
      controller.current = new AbortController();
    }
    const { signal } = controller.current;
    try {
      for (let item = queue.current.shift(); item; item = queue.current.shift()) {
        const { id, file } = item;
        update(id, { status: "uploading", percent: 0 });
        try {
          const result = await uploadDocument(token, file, {
            signal,
            onProgress: ({ percent }) => update(id, { percent }),
          });
          update(id, { status: "done", percent: 100 });
          uploaded.current(result);
        } catch (error) {
          if (signal.aborted) return;
          update(id, { status: "failed", error: uploadFailure(error) });
        }
      }
    } finally {
      running.current = false;
    }
  }, [token, update]);

  // Leaving the page stops the upload under way.
  useEffect(
    () => () => {
      controller.current?.abort();
      queue.current = [];
    },
    [],
  );

  const addFiles = useCallback(
    (files: File[]) => {
      const added = files.map((file): UploadRow & { file: File } => {
        const tooBig = file.size > TENANT_FILE_MAX_BYTES;
        return {
          id: nextId.current++,
          file,
          name: file.name,
          size: file.size,
          status: tooBig ? "failed" : "waiting",
          percent: 0,
          error: tooBig ? { kind: "message", text: filesMessages.tooBig } : null,
        };
      });
      setRows((current) => [...current, ...added.map(({ file: _file, ...row }) => row)]);
      for (const { id, file, status } of added) {
        if (status === "waiting") queue.current.push({ id, file });
      }
      void pump();
    },
    [pump],
  );

  return { rows, addFiles };
}
