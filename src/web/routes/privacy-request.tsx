import { data } from "react-router";
import {
  PrivacyRequestPage,
  type PrivacyRequestView,
} from "../features/privacy/components/privacy-request-page";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import type { Route } from "./+types/privacy-request";

/**
 * The link a privacy request's e-mail carries. Opening it changes nothing: mail scanners open
 * the links of the messages they check, and such a visit must not confirm a request its owner
 * never made. The page shows the request and a button that confirms it, once; a visit after
 * that says the link was used. A link unknown, past its 7 days or answered is a 404 page.
 *
 * The button is a form posted to the page itself: React Router sends it when the scripts have
 * started, the browser when they have not; either way `action` confirms.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = pageMessages(request, ["privacy"]);
  const found = await context.services.privacyRequests.confirmation(params.token);
  const view: PrivacyRequestView = !found
    ? { state: "invalid" }
    : found.used
      ? { state: "used" }
      : { state: "pending", request: found.request };
  return data({ ...words, view }, { status: found ? 200 : 404 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const confirmed = await context.services.privacyRequests.confirm(params.token);
  const view: PrivacyRequestView =
    confirmed === "used"
      ? { state: "used" }
      : confirmed
        ? {
            state: "confirmed",
            request: { email: confirmed.email, kind: confirmed.kind },
            dueAt: confirmed.dueAt,
          }
        : { state: "invalid" };
  return data({ view }, { status: confirmed === "used" ? 409 : confirmed ? 200 : 404 });
}

// A personal link: never in search results.
export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("privacy.request.meta.title"));

export default function PrivacyRequest({ loaderData, actionData }: Route.ComponentProps) {
  // The button's answer, once pressed; until then, the loader's view of the link.
  return (
    <PrivacyRequestPage view={actionData?.view ?? loaderData.view} moved={Boolean(actionData)} />
  );
}
