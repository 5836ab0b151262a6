import { listingsMessages } from "#domain/listings";
import { notFound } from "#server/http/errors";

export const buildingNotFound = () => notFound(listingsMessages.buildingNotFound);
export const unitNotFound = () => notFound(listingsMessages.unitNotFound);
