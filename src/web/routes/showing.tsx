import { data, redirect } from "react-router";
import { localeFromPath, localizedPath } from "#domain/locale";
import { ShowingPage, type ShowingPageView } from "../features/showings/components/showing-page";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import type { Route } from "./+types/showing";

/**
 * The link a showing's e-mailed link carries. Opening it changes nothing (mail scanners open
 * links); the page shows the showing and, while it is ahead, a form that moves it to another open
 * time and a button that cancels it: forms posted to the page itself, sent by React Router with
 * scripts and by the browser without. A move makes a new link: the page goes there (`?moved`);
 * the old link stops working. A link that names no showing is a 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = pageMessages(request, ["showings"]);
  const found = await context.services.showings.find(params.token);
  // Just moved here, or just booked (the unit's booking page without scripts comes here).
  const search = new URL(request.url).searchParams;
  const notice = search.has("moved") ? "moved" : search.has("booked") ? "booked" : null;
  const view: ShowingPageView = found
    ? { state: "showing", ...found, notice }
    : { state: "invalid" };
  return data({ ...words, view }, { status: found ? 200 : 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "move") {
    const start = String(form.get("start") ?? "");
    const result = await context.services.showings.move(params.token, start);
    if (result && "moved" in result) {
      const lang = localeFromPath(new URL(request.url).pathname);
      return redirect(`${localizedPath(`/showings/${result.moved}`, lang)}?moved`);
    }
    if (result) {
      // The time went meanwhile: the page again, with the times open now.
      const found = await context.services.showings.find(params.token);
      const view: ShowingPageView = found
        ? { state: "showing", ...found, notice: "taken" }
        : { state: "invalid" };
      return data({ view }, { status: 409 });
    }
    return data({ view: { state: "invalid" } as ShowingPageView }, { status: 404 });
  }
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
