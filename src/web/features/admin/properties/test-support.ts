import {
  type AdminImage,
  type AdminProperty,
  type AdminUnit,
  dashboardStats,
  unitsToConfirm,
} from "#domain/admin";
import { adminPropertiesApi, UNITS_TO_CONFIRM_PAGE } from "#domain/api/admin-properties";
import { noUnitFacts } from "#domain/unit-facts";
import { handle } from "#tests/support/api-mocks";

/** Test helpers for the Properties tab: sample records, image files, what an upload sent. */

const stamp = "2026-03-01T12:00:00.000Z";

export function sampleImage(id: number, values: Partial<AdminImage> = {}): AdminImage {
  return {
    id,
    path: `properties/${id}/photo.webp`,
    filename: "photo.webp",
    alt: "",
    url: `/uploads/properties/${id}/1200.webp`,
    srcSet: `/uploads/properties/${id}/480.webp 480w, /uploads/properties/${id}/1200.webp 1200w`,
    width: 1200,
    height: 800,
    ...values,
  };
}

export function sampleUnit(id: number, values: Partial<AdminUnit> = {}): AdminUnit {
  return {
    id,
    propertyId: 1,
    unitNumber: String(100 + id),
    bedrooms: 2,
    bathrooms: 1,
    squareFeet: 850,
    rent: 1450,
    deposit: 1450,
    available: true,
    availableFrom: null,
    features: [],
    description: "",
    descriptionEs: null,
    floorPlan: "",
    fairHousingReview: null,
    ...noUnitFacts,
    availabilityConfirmedAt: stamp,
    images: [],
    createdAt: stamp,
    updatedAt: stamp,
    ...values,
  };
}

export function sampleProperty(id: number, values: Partial<AdminProperty> = {}): AdminProperty {
  return {
    id,
    title: "Maple Court",
    type: "apartment",
    address: "12 Maple Street",
    city: "Hartford",
    state: "CT",
    zipCode: "06103",
    description: "A quiet brick building near the park.",
    descriptionEs: null,
    yearBuilt: 1962,
    totalUnits: 8,
    amenities: ["Heating", "Elevator"],
    featured: false,
    active: true,
    hasVacancy: false,
    fairHousingReview: null,
    images: [],
    units: [],
    createdAt: stamp,
    updatedAt: stamp,
    ...values,
  };
}

/** The answer of a write that returns no data. */
export function done(message: string): { success: true; message: string } {
  return { success: true, message };
}

export function imageFile(name: string, type = "image/png"): File {
  return new File([new Uint8Array(2048)], name, { type });
}

/** The form fields and the number of files an upload sent (jsdom's files lose their names). */
export async function uploadParts(request: Request) {
  const fields: Record<string, string> = {};
  let files = 0;
  for (const [key, value] of (await request.formData()).entries()) {
    if (typeof value === "string") fields[key] = value;
    else files += 1;
  }
  return { fields, files };
}

/**
 * The dashboard's figures and units to confirm as the server counts them (in SQL), from a list
 * of buildings: what a test's stand-in server answers beside the list.
 */
export function dashboardFigures(properties: AdminProperty[], now = new Date()) {
  const due = unitsToConfirm(properties, now);
  return {
    stats: dashboardStats(properties),
    due: { items: due.slice(0, UNITS_TO_CONFIRM_PAGE), total: due.length, nextCursor: null },
  };
}

/** The stand-in server's figures and units to confirm, from the list `properties()` holds now. */
export function figuresHandlers(properties: () => AdminProperty[]) {
  return [
    handle(adminPropertiesApi.stats, () => dashboardFigures(properties()).stats),
    handle(adminPropertiesApi.unitsToConfirm, () => dashboardFigures(properties()).due),
  ];
}
