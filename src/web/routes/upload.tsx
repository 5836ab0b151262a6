import { useParams } from "react-router";
import { DocumentUploadPage } from "../features/document-upload/components/document-upload-page";
import { privatePageMeta } from "../lib/meta";
import { QueryProvider } from "../lib/query";

// A personal link: never in search results, and no sign-in (the token is the permission).
export const meta = () => privatePageMeta("Upload Documents");

/** /upload/:token: the page a document request e-mail links to. */
export default function Upload() {
  const { token = "" } = useParams();
  return (
    <QueryProvider>
      <DocumentUploadPage token={token} />
    </QueryProvider>
  );
}
