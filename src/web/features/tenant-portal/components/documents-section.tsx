import { Card } from "#web/components/ui/card";
import { useI18n } from "#web/i18n/i18n-provider";
import { DocumentList } from "./document-list";
import { DocumentUploadForm } from "./document-upload-form";

/** The Documents section: what the tenant and the office exchanged, and a way to send more. */
export function DocumentsSection() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="documents-heading" className="grid gap-6">
      <h2 id="documents-heading" className="text-xl font-bold">
        {t("portal.documents.heading")}
      </h2>
      <div className="grid gap-4">
        <h3 className="text-lg font-bold">{t("portal.documents.yours")}</h3>
        <DocumentList />
      </div>
      <Card className="p-4 sm:p-6">
        <DocumentUploadForm />
      </Card>
    </section>
  );
}
