import { data, redirect } from "react-router";
import { localeFromPath, localizedPath } from "#domain/locale";
import { AlertConfirmPage } from "../features/alerts/components/alert-confirm-page";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import { QueryProvider } from "../lib/query";
import type { Route } from "./+types/alert-confirm";

/**
 * The confirmation link of listing alerts. Opening it changes nothing: mail scanners open the
 * links of the messages they check, and such a visit must not turn alerts on for an address
 * whose owner never asked. The page shows what was asked for and a button that confirms, once:
 * a visit after that says only that the link was used (the manage link is in every alert
 * e-mail). A link unknown or past its 7 days is a 404 page that offers to ask again.
 *
 * The button is a form that posts to the page itself: with the app running, it calls the API
 * instead and the page changes in place; before the scripts have started, or without them,
 * the browser sends the form, `action` confirms, and the page is asked for again (a reload
 * then does not send the form twice).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = pageMessages(request, ["alerts"]);
  const confirmation = await context.services.alerts.confirmation(params.token);
  return data({ ...words, confirmation }, { status: confirmation ? 200 : 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { alerts } = context.services;
  const confirmed = await alerts.confirm(params.token);
  // Past its time meanwhile, or the address reached its most alerts: the link no longer works.
  if (!confirmed) return data({ gone: true }, { status: 404 });
  const { pathname } = new URL(request.url);
  // Used before: the page says so.
  if (confirmed === "used") return redirect(pathname, 303);
  // On now: its manage page (the alert on already, when the same one was asked for twice).
  return redirect(
    localizedPath(`/alerts/manage/${confirmed.manageToken}`, localeFromPath(pathname)),
    303,
  );
}

// A personal link: never in search results.
export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(
    metaI18n(args).t(
      args.loaderData?.confirmation?.used
        ? "alerts.confirm.meta.title"
        : "alerts.confirm.pending.meta.title",
    ),
  );

export default function AlertConfirm({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <QueryProvider>
      <AlertConfirmPage
        token={params.token}
        confirmation={loaderData.confirmation}
        refused={Boolean(actionData?.gone)}
      />
    </QueryProvider>
  );
}
