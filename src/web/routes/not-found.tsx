import { data } from "react-router";
import { NotFoundScreen } from "../components/layout/not-found-screen";
import { metaI18n } from "../i18n/meta";
import { pageTitle } from "../lib/meta";
import type { Route } from "./+types/not-found";

/** The catch-all route: any unknown address answers 404 with the not-found page. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => [
  { title: pageTitle(metaI18n(args).t("common.meta.notFoundTitle")) },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundScreen />;
}
