import { data } from "react-router";
import {
  WaitlistLinkPage,
  type WaitlistLinkView,
} from "../features/waitlists/components/waitlist-pages";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import type { Route } from "./+types/waitlist";

/**
 * /waitlist/:token: a waiting list's e-mailed link. Opening it changes nothing; its buttons
 * (confirm, keep my place, leave) post to the page itself. A link that names no entry is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const words = pageMessages(request, ["waitlist"]);
  const entry = await context.services.waitlists.find(params.token);
  const view: WaitlistLinkView = entry
    ? { state: "entry", entry, notice: null }
    : { state: "invalid" };
  return data({ ...words, view }, { status: entry ? 200 : 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "leave") {
    const left = await context.services.waitlists.leave(params.token);
    const view: WaitlistLinkView = left ? { state: "left" } : { state: "invalid" };
    return data({ view }, { status: left ? 200 : 404 });
  }
  const before = await context.services.waitlists.find(params.token);
  const entry = await context.services.waitlists.confirm(params.token);
  const view: WaitlistLinkView = entry
    ? { state: "entry", entry, notice: before?.status === "pending" ? "confirmed" : "kept" }
    : { state: "invalid" };
  return data({ view }, { status: entry ? 200 : 404 });
}

// A personal link: never in search results.
export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("waitlist.meta.title"));

export default function Waitlist({ loaderData, actionData }: Route.ComponentProps) {
  return <WaitlistLinkPage view={actionData?.view ?? loaderData.view} />;
}
