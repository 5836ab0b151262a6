import type { Multipart } from "@fastify/multipart";
import { MAINTENANCE_PHOTOS_MAX, maintenanceMessages } from "#domain/maintenance";
import { AppError } from "#server/http/errors";
import { fileBytes, type MultipartMessages, readParts } from "#server/shared/multipart";
import type { ObjectStore } from "#server/storage/storage";
import { photoType, tooManyPhotos, unexpectedFileField } from "./maintenance.errors";
import type { RequestForm } from "./maintenance.service";
import { removePhoto, type StoredPhoto, storePhoto } from "./maintenance-photos.service";

/** The body's own refusals, in the photos' words. */
const photoMessages: MultipartMessages = {
  fileTooBig: maintenanceMessages.photoTooBig,
  tooManyFiles: maintenanceMessages.tooManyPhotos,
  tooManyParts: maintenanceMessages.tooManyPhotos,
  notMultipart: maintenanceMessages.notMultipart,
  unreadable: maintenanceMessages.unreadable,
};

/**
 * Reads a new request's multipart form: its fields, and each photo (under `photos`) checked and
 * re-encoded as it arrives. Whatever refuses the form, the photos it stored are removed.
 */
export async function receiveRequestForm(
  store: ObjectStore,
  parts: AsyncIterableIterator<Multipart>,
): Promise<RequestForm> {
  const fields: Record<string, string> = {};
  const photos: StoredPhoto[] = [];
  try {
    for await (const part of readParts(parts, photoMessages)) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "photos") throw unexpectedFileField(part.fieldname);
      if (photos.length >= MAINTENANCE_PHOTOS_MAX) throw tooManyPhotos();
      photos.push(await storeOne(store, await fileBytes(part, photoMessages)));
    }
    return { fields, photos };
  } catch (error) {
    await Promise.all(photos.map((photo) => removePhoto(store, photo)));
    throw error;
  }
}

/** A photo the image pipeline refuses (415) is refused in the photos' words. */
async function storeOne(store: ObjectStore, bytes: Buffer): Promise<StoredPhoto> {
  try {
    return await storePhoto(store, bytes);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 415) throw photoType(error.code);
    throw error;
  }
}
