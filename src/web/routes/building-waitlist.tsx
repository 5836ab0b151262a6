import { data } from "react-router";
import { parseId } from "#domain/listing-format";
import { localeFromPath } from "#domain/locale";
import {
  WaitlistJoinPage,
  type WaitlistJoinResult,
} from "../features/waitlists/components/waitlist-pages";
import { readWaitlistJoin, waitlistJoinFields } from "../features/waitlists/waitlist-join-input";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import { checkThenSend, formValues } from "../lib/plain-form";
import type { Route } from "./+types/building-waitlist";

/**
 * /buildings/:id/waitlist: a building's waiting list joined with a plain form, checked with the
 * API's own schema; the answer is the same whatever the address (the e-mailed link confirms).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = pageMessages(request, ["waitlist"]);
  const id = parseId(params.id);
  const found = id === null ? null : await context.services.listings.findBuilding(id);
  if (!found) throw data(words, { status: 404 });
  return { ...words, building: { id: found.id, name: found.name } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = localeFromPath(new URL(request.url).pathname);
  const read = await readWaitlistJoin(await request.formData(), lang);
  if (!read.ok) return data(read.result, { status: 400 });
  const id = parseId(params.id);
  const joined = id === null ? false : await context.services.waitlists.join(id, read.input);
  if (!joined) throw data(null, { status: 404 });
  return { sent: true } satisfies WaitlistJoinResult;
}

/** In the browser, the form is checked before it is sent; a refusal on the way is said on it. */
export function clientAction(args: Route.ClientActionArgs) {
  const lang = localeFromPath(new URL(args.request.url).pathname);
  return checkThenSend<WaitlistJoinResult>(
    args,
    (form) => readWaitlistJoin(form, lang),
    (message, form) => ({
      errors: { form: message },
      values: formValues(form, waitlistJoinFields),
    }),
  );
}

export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("waitlist.meta.title"));

export default function BuildingWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  return <WaitlistJoinPage building={loaderData.building} result={actionData ?? undefined} />;
}
