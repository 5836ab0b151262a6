import type { FastifyRequest } from "fastify";
import type { MultipartSpec } from "#domain/api/contract";
import type { ObjectStore } from "#server/storage/storage";
import { type ReceiveUpload, receiveUpload } from "./file-store";

/**
 * A route's multipart body as its service takes it: the parts within the contract's limits, and
 * the files of the contract's field, read and stored only when the service asks.
 */
export function uploadOf(
  storage: { store: ObjectStore; scratchDir: string },
  request: FastifyRequest,
  contract: { multipart: MultipartSpec },
): ReceiveUpload {
  const parts = request.parts({ limits: contract.multipart.limits });
  const fileField = contract.multipart.files.name;
  return () => receiveUpload(parts, { ...storage, fileField });
}
