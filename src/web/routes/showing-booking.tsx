import { data, redirect } from "react-router";
import { parseId } from "#domain/listing-format";
import { localeFromPath, localizedPath } from "#domain/locale";
import {
  type BookingFields,
  type BookingFormResult,
  BookingPage,
} from "../features/showings/components/booking-page";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import { formValues, readPlainForm } from "../lib/plain-form";
import type { Route } from "./+types/showing-booking";

/**
 * /properties/:id/showing: a unit's showing booked with a plain form, for a browser without
 * scripts (the unit page's Schedule Tour opens its dialog instead when scripts run). The form is
 * checked with the API's own schema; a booking goes to its showing's page, the e-mailed link's
 * (`?booked`). A unit that is not shown is a 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = pageMessages(request, ["showings", "contact"]);
  const id = parseId(params.id);
  const view = id === null ? null : await context.services.showings.booking(id);
  if (!view) throw data(words, { status: 404 });
  return { ...words, view };
}

const fields: BookingFields[] = ["start", "name", "email", "phone", "note"];

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = localeFromPath(new URL(request.url).pathname);
  const { showingBookingSchema, showingMessages } = await import("#domain/showings");
  const read = readPlainForm(form, fields, (values) =>
    showingBookingSchema.safeParse({ ...values, lang }),
  );
  if (!read.ok) {
    const { errors, values } = read;
    return data({ errors, values } satisfies BookingFormResult, { status: 400 });
  }
  const values = formValues(form, fields);
  const id = parseId(params.id);
  const result = id === null ? null : await context.services.showings.book(id, read.input);
  if (!result) throw data(null, { status: 404 });
  if ("booked" in result) {
    return redirect(`${localizedPath(`/showings/${result.token}`, lang)}?booked`);
  }
  const refusal = "taken" in result ? showingMessages.slotTaken : showingMessages.noHours;
  return data(
    { errors: { start: refusal }, values: { ...values, start: "" } } satisfies BookingFormResult,
    { status: 409 },
  );
}

export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("contact.tour.title"));

export default function ShowingBooking({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingPage view={loaderData.view} result={actionData ?? undefined} />;
}
