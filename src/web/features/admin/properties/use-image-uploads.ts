import { useCallback, useEffect, useRef, useState } from "react";
import { adminMessages } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { type UploadProgress, upload } from "#web/lib/api-client";
import type { ImageOwner } from "./image-owner";
import { uploadFailureReason } from "./messages";

export type PendingImage = {
  key: number;
  file: File;
  status: "waiting" | "uploading" | "done" | "failed";
  percent: number;
};

export type UploadFailure = { name: string; reason: string };

/**
 * One photo to its building or unit. ONE file per request, so that each file has its own progress
 * bar and one refused file does not take the others down with it (the server stores a request's
 * files all or nothing). The fields go before the file so the server knows the owner before the
 * bytes arrive.
 */
function uploadImage({
  file,
  owner,
  userId,
  onProgress,
  signal,
}: {
  file: File;
  owner: ImageOwner;
  userId?: string | null;
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}) {
  const form = new FormData();
  if (userId) form.append("userId", userId);
  if ("propertyId" in owner) form.append("propertyId", String(owner.propertyId));
  else form.append("unitId", String(owner.unitId));
  form.append("files", file, file.name);
  return upload(adminPropertiesApi.uploadImages, {}, form, { onProgress, signal });
}

/**
 * The images chosen in a dialog, uploaded after the record is saved: one request per file, one
 * after the other, each with its own progress. Closing the dialog aborts what is still running.
 * The dialog refetches the list once its whole save is done (see useListingSave).
 */
export function useImageUploads() {
  const [items, setItems] = useState<PendingImage[]>([]);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const nextKey = useRef(0);
  const aborter = useRef<AbortController | null>(null);

  useEffect(() => () => aborter.current?.abort(), []);

  const patch = useCallback((key: number, change: Partial<PendingImage>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  /** The picker's or the drop's files; any non-image refuses the whole selection. */
  const add = useCallback((files: File[]) => {
    if (files.length === 0) return;
    if (files.some((file) => !file.type.startsWith("image/"))) {
      setSelectionError(adminMessages.imagesOnly);
      return;
    }
    setSelectionError(null);
    setItems((list) => [
      ...list,
      ...files.map((file) => ({
        key: nextKey.current++,
        file,
        status: "waiting" as const,
        percent: 0,
      })),
    ]);
  }, []);

  const remove = useCallback((key: number) => {
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  /** Uploads every file not yet stored; a failed file does not stop the next one. */
  const uploadAll = useCallback(
    async (owner: ImageOwner, userId?: string | null): Promise<UploadFailure[]> => {
      const controller = new AbortController();
      aborter.current = controller;
      const failures: UploadFailure[] = [];
      for (const item of items) {
        if (item.status === "done") continue;
        patch(item.key, { status: "uploading", percent: 0 });
        try {
          await uploadImage({
            file: item.file,
            owner,
            userId,
            signal: controller.signal,
            onProgress: ({ percent }) => patch(item.key, { percent }),
          });
          patch(item.key, { status: "done", percent: 100 });
        } catch (error) {
          if (controller.signal.aborted) break;
          patch(item.key, { status: "failed" });
          failures.push({ name: item.file.name, reason: uploadFailureReason(error) });
        }
      }
      return failures;
    },
    [items, patch],
  );

  return { items, selectionError, add, remove, uploadAll };
}

export type ImageUploads = ReturnType<typeof useImageUploads>;
