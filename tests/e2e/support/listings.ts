import type { APIRequestContext } from "@playwright/test";
import { listingsApi } from "#domain/api/listings";
import { buildUrl } from "#domain/api/wire";
import { readOutbox } from "#server/mail/outbox";
import { demoBuildings } from "#server/modules/demo/demo-content";

/** The shared server holds the demo content; tests find its ids through the public API. */
export { demoBuildings };

type ApiBuilding = { id: number; name: string; units?: { id: number; unitNumber: string }[] };

export async function buildingId(request: APIRequestContext, name: string): Promise<number> {
  const buildings = (await (
    await request.get(buildUrl(listingsApi.listBuildings, {}))
  ).json()) as ApiBuilding[];
  const found = buildings.find((b) => b.name === name);
  if (!found) throw new Error(`No building named ${name}`);
  return found.id;
}

export async function unitId(
  request: APIRequestContext,
  buildingName: string,
  unitNumber: string,
): Promise<number> {
  const id = await buildingId(request, buildingName);
  const building = (await (
    await request.get(buildUrl(listingsApi.getBuilding, { id }))
  ).json()) as ApiBuilding;
  const unit = building.units?.find((u) => u.unitNumber === unitNumber);
  if (!unit) throw new Error(`No unit ${unitNumber} in ${buildingName}`);
  return unit.id;
}

/** The shared server's mail: what the office received. */
export function outbox(server: "shared" | "backOffice" = "shared") {
  const name = server === "shared" ? "E2E_DATA_DIR" : "E2E_BACK_OFFICE_DATA_DIR";
  const dataDir = process.env[name];
  if (!dataDir) throw new Error(`${name} is not set`);
  return readOutbox(dataDir);
}

export const totalAvailableUnits = demoBuildings.reduce(
  (n, b) => n + b.units.filter((u) => u.available).length,
  0,
);
