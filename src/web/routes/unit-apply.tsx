import { data } from "react-router";
import { applicationInviteSchema } from "#domain/applications";
import { parseId } from "#domain/listing-format";
import { localeFromPath } from "#domain/locale";
import {
  ApplyStartPage,
  type ApplyStartResult,
  applyStartFields,
} from "../features/applications/components/apply-start-page";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import { fieldErrors, formValues } from "../lib/plain-form";
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
  const form = await request.formData();
  const lang = localeFromPath(new URL(request.url).pathname);
  const values = formValues(form, applyStartFields);
  const parsed = applicationInviteSchema.safeParse({ ...values, lang });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, applyStartFields);
    return data({ errors, values } satisfies ApplyStartResult, { status: 400 });
  }
  const id = parseId(params.id);
  const started =
    id === null ? false : await context.services.applications.start(id, { ...parsed.data, lang });
  if (!started) throw data(null, { status: 404 });
  return { sent: true } satisfies ApplyStartResult;
}

export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("apply.start.meta.title"));

export default function UnitApply({ loaderData, actionData }: Route.ComponentProps) {
  return <ApplyStartPage unit={loaderData.unit} result={actionData ?? undefined} />;
}
