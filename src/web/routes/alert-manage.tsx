import { data } from "react-router";
import { AlertLinkInvalid } from "../features/alerts/components/alert-link-invalid";
import { AlertManagePage } from "../features/alerts/components/alert-manage-page";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import { QueryProvider } from "../lib/query";
import type { Route } from "./+types/alert-manage";

/** The subscription of the manage link in every alert e-mail; a 404 page for a bad link. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = pageMessages(request, ["alerts"]);
  const subscription = await context.services.alerts.find(params.token);
  return data({ ...words, subscription }, { status: subscription ? 200 : 404 });
}

// A personal link: never in search results.
export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("alerts.manage.meta.title"));

export default function AlertManage({ loaderData, params }: Route.ComponentProps) {
  const { subscription } = loaderData;
  if (subscription)
    return (
      <QueryProvider>
        <AlertManagePage token={params.token} initial={subscription} />
      </QueryProvider>
    );
  return <AlertLinkInvalid />;
}
