import { data } from "react-router";
import { parseId } from "#domain/listing-format";
import { localeFromPath } from "#domain/locale";
import { applyStartFields, readApplyStart } from "../features/applications/apply-start-input";
import {
  ApplyStartPage,
  type ApplyStartResult,
} from "../features/applications/components/apply-start-page";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import { checkThenSend, formValues } from "../lib/plain-form";
import type { Route } from "./+types/unit-apply";

/**
 * /properties/:id/apply: a unit's Apply Now with the site's own application (APPLY_NOW=online;
 * not found otherwise, and for a unit the site does not show). A plain form, checked with the
 * API's own schema; the link to the application is e-mailed to the address given.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = pageMessages(request, ["apply"]);
  const id = parseId(params.id);
  const unit = id === null ? null : await context.services.applications.unit(id);
  if (!unit) throw data(words, { status: 404 });
  return { ...words, unit };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = localeFromPath(new URL(request.url).pathname);
  const read = await readApplyStart(await request.formData(), lang);
  if (!read.ok) return data(read.result, { status: 400 });
  const id = parseId(params.id);
  const started = id === null ? false : await context.services.applications.start(id, read.input);
  if (!started) throw data(null, { status: 404 });
  return { sent: true } satisfies ApplyStartResult;
}

/** In the browser, the form is checked before it is sent; a refusal on the way is said on it. */
export function clientAction(args: Route.ClientActionArgs) {
  const lang = localeFromPath(new URL(args.request.url).pathname);
  return checkThenSend<ApplyStartResult>(
    args,
    (form) => readApplyStart(form, lang),
    (message, form) => ({ errors: { form: message }, values: formValues(form, applyStartFields) }),
  );
}

export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("apply.start.meta.title"));

export default function UnitApply({ loaderData, actionData }: Route.ComponentProps) {
  return <ApplyStartPage unit={loaderData.unit} result={actionData ?? undefined} />;
}
