import { useParams } from "react-router";
import { DocumentUploadPage } from "../features/document-upload/components/document-upload-page";
import { pageMessages } from "../i18n/catalogue.server";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import { QueryProvider } from "../lib/query";
import type { Route } from "./+types/upload";

/** The page's words: in English at /upload/:token, in Spanish at /es/upload/:token. */
export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["upload"]);
}

// A personal link: never in search results, and no sign-in (the token is the permission).
export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("upload.meta.title"));

/** /upload/:token (and /es/upload/:token): the page a document request e-mail links to. */
export default function Upload() {
  const { token = "" } = useParams();
  return (
    <QueryProvider>
      <DocumentUploadPage token={token} />
    </QueryProvider>
  );
}
