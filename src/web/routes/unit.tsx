import { data } from "react-router";
import { parseId } from "#domain/listing-format";
import type { Unit } from "#domain/listings";
import { officeDay } from "#domain/locale";
import { ScheduleTour } from "../features/inquiries/components/schedule-tour";
import { UnitDetails } from "../features/listings/components/unit-page/unit-details";
import { UnitError } from "../features/listings/components/unit-page/unit-error";
import { unitMeta } from "../features/listings/components/unit-page/unit-seo";
import { metaI18nWithError, WithErrorMessages } from "../features/listings/error-messages";
import { pageMessages } from "../i18n/catalogue.server";
import { agencyYear } from "../lib/format-date-time";
import { pageTitle } from "../lib/meta";
import { rootData } from "../lib/seo";
import type { Route } from "./+types/unit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // A failure carries the page's words too: a failed loader's data never reaches the page.
  const words = pageMessages(request, ["listings", "contact"]);
  const id = parseId(params.id);
  let unit: Unit | null = null;
  if (id !== null) {
    try {
      unit = await context.services.listings.findUnit(id);
    } catch {
      throw data({ message: "Failed to fetch property", ...words }, { status: 500 });
    }
  }
  if (!unit) throw data({ message: "Unit not found", ...words }, { status: 404 });
  // The day of the last confirmation in the agency's time zone, and this year, read here: the
  // page and its hydration write the same date, and the browser needs no time zone data for it.
  return {
    ...words,
    unit,
    confirmedOn: officeDay(new Date(unit.availabilityConfirmedAt)),
    thisYear: agencyYear(new Date()),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const i18n = metaI18nWithError(args);
  if (!args.loaderData)
    return [
      { title: pageTitle(i18n.t("listings.unit.notFound.title")) },
      { name: "robots", content: "noindex" },
    ];
  return unitMeta(i18n, args.loaderData.unit, rootData(args.matches).publicUrl);
};

/** /properties/:id (and /es/properties/:id): one unit, and a tour request for it. */
export default function UnitPage({ loaderData }: Route.ComponentProps) {
  const { unit, confirmedOn, thisYear } = loaderData;
  return (
    <UnitDetails
      unit={unit}
      confirmedOn={confirmedOn}
      thisYear={thisYear}
      contact={
        // The English title: it goes into the message the leasing staff read.
        <ScheduleTour unit={{ id: unit.id, title: unit.title, buildingId: unit.building.id }} />
      }
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <WithErrorMessages error={error}>
      <UnitError error={error} />
    </WithErrorMessages>
  );
}
