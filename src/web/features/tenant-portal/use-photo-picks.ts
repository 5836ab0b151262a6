import { useCallback, useEffect, useRef, useState } from "react";
import {
  MAINTENANCE_PHOTO_MAX_BYTES,
  MAINTENANCE_PHOTOS_MAX,
  maintenanceMessages,
} from "#domain/maintenance";

/**
 * The kinds a request's photos may be; the server decides by the bytes, this is the first check.
 * No HEIC: the server cannot read it, and an iPhone offered only these converts its photos to
 * JPEG as they are picked.
 */
export const photoTypes = ["image/jpeg", "image/png", "image/webp"];
export const photoAccept = photoTypes.join(",");

export type PhotoPick = { id: number; file: File; preview: string };

/**
 * The photos chosen for a new request, each with a preview (an object URL, freed when the photo
 * is removed or the form goes away). A photo of another kind, one too large, or one past the
 * limit is left out, and the reason is said once.
 */
export function usePhotoPicks() {
  const [photos, setPhotos] = useState<PhotoPick[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const nextId = useRef(1);
  const current = useRef(photos);
  current.current = photos;

  useEffect(
    () => () => {
      for (const photo of current.current) URL.revokeObjectURL(photo.preview);
    },
    [],
  );

  const add = useCallback((files: File[]) => {
    let reason: string | null = null;
    const kept: PhotoPick[] = [];
    const room = MAINTENANCE_PHOTOS_MAX - current.current.length;
    for (const file of files) {
      if (!photoTypes.includes(file.type)) reason ??= maintenanceMessages.photoType;
      else if (file.size > MAINTENANCE_PHOTO_MAX_BYTES) reason ??= maintenanceMessages.photoTooBig;
      else if (kept.length >= room) reason ??= maintenanceMessages.tooManyPhotos;
      else kept.push({ id: nextId.current++, file, preview: URL.createObjectURL(file) });
    }
    setProblem(reason);
    if (kept.length > 0) setPhotos((list) => [...list, ...kept]);
  }, []);

  const remove = useCallback((id: number) => {
    setProblem(null);
    setPhotos((list) => {
      const gone = list.find((photo) => photo.id === id);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((photo) => photo.id !== id);
    });
  }, []);

  const clear = useCallback(() => {
    for (const photo of current.current) URL.revokeObjectURL(photo.preview);
    setPhotos([]);
    setProblem(null);
  }, []);

  return { photos, problem, setProblem, add, remove, clear };
}
