import { useParams } from "react-router";
import { ApplicationPage } from "../features/applications/components/application-page";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import { QueryProvider } from "../lib/query";
import type { Route } from "./+types/apply";

/** The page's words: in English at /apply/:token, in Spanish at /es/apply/:token. */
export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["apply"]);
}

// A personal link: never in search results, and no sign-in (the token is the permission).
export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("apply.meta.title"));

/** /apply/:token (and /es/apply/:token): the page an invitation to apply links to. */
export default function Apply() {
  const { token = "" } = useParams();
  return (
    <QueryProvider>
      <ApplicationPage token={token} />
    </QueryProvider>
  );
}
