import { data } from "react-router";
import { ShowingPage, type ShowingPageView } from "../features/showings/components/showing-page";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import type { Route } from "./+types/showing";

/**
 * The link a showing's e-mails carry. Opening it changes nothing (mail scanners open links);
 * the page shows the showing and, while it can be cancelled, a button that does it: a form posted
 * to the page itself, sent by React Router with scripts and by the browser without. A link that
 * names no showing is a 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = pageMessages(request, ["showings"]);
  const found = await context.services.showings.find(params.token);
  const view: ShowingPageView = found ? { state: "showing", ...found } : { state: "invalid" };
  return data({ ...words, view }, { status: found ? 200 : 404 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const cancelled = await context.services.showings.cancel(params.token);
  const view: ShowingPageView = cancelled ? { state: "cancelled" } : { state: "invalid" };
  return data({ view }, { status: cancelled ? 200 : 404 });
}

// A personal link: never in search results.
export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("showings.meta.title"));

export default function Showing({ loaderData, actionData }: Route.ComponentProps) {
  return <ShowingPage view={actionData?.view ?? loaderData.view} moved={Boolean(actionData)} />;
}
