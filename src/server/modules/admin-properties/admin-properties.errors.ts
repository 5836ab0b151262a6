import { adminMessages, uploadMessages } from "#domain/admin";
import { IMAGES_PER_OWNER_MAX, UNITS_PER_BUILDING_MAX } from "#domain/api/admin-properties";
import {
  FAIR_HOUSING_ERROR,
  type FairHousingFinding,
  fairHousingMessages,
} from "#domain/fair-housing";
import { AppError, badRequest, conflict, notFound } from "#server/http/errors";

export const propertyNotFound = () => notFound(adminMessages.propertyNotFound);
export const unitNotFound = () => notFound(adminMessages.unitNotFound);
export const imageNotFound = () => notFound(adminMessages.imageNotFound);
/** The unique index units_property_number_key, in the unit dialog's words. */
export const duplicateUnit = () => conflict(adminMessages.duplicateUnit);

export const uploadOwnerRequired = () => badRequest(uploadMessages.ownerRequired);
export const noImages = () => badRequest(uploadMessages.noFiles);
export const imagesMisnamed = () => badRequest(uploadMessages.wrongField);
export const tooManyUnits = () =>
  conflict(`A building holds at most ${UNITS_PER_BUILDING_MAX} units.`);
export const tooManyImages = () =>
  conflict(`A building or a unit holds at most ${IMAGES_PER_OWNER_MAX} photos.`);

/** Flagged wording not acknowledged: 422 with the findings, for the dialog to show. */
export class FairHousingReviewError extends AppError {
  constructor(readonly findings: FairHousingFinding[]) {
    super(422, FAIR_HOUSING_ERROR, fairHousingMessages.acknowledgementRequired, findings);
  }
}
