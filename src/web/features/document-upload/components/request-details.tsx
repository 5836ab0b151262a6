import { uploadDate } from "#domain/i18n/file-formats";
import type { UploadRequestInfo } from "#domain/tenant-files";
import { useI18n } from "#web/i18n/i18n-provider";

/** What the office asks for, and until when the link works. */
export function RequestDetails({ info }: { info: UploadRequestInfo }) {
  const i18n = useI18n();
  const { t } = i18n;
  const rows: [string, string][] = [
    [t("upload.details.documents"), t(`upload.category.${info.category}`)],
    [t("upload.details.building"), info.propertyName],
  ];
  if (info.unit) rows.push([t("upload.details.unit"), info.unit]);
  if (info.maintenanceRequest) {
    rows.push([t("upload.details.maintenanceRequest"), info.maintenanceRequest]);
  }

  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-bold">
        {t("upload.details.greeting", { name: info.tenantName })}
      </h2>
      <p>{t("upload.details.intro")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-muted p-4 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-muted-foreground">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {info.note ? (
        <figure className="rounded-lg border-l-4 border-primary bg-secondary p-4">
          <figcaption className="text-sm font-medium">{t("upload.details.note")}</figcaption>
          <blockquote className="mt-1 whitespace-pre-line">{info.note}</blockquote>
        </figure>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {t("upload.details.validUntil", { date: uploadDate(info.expiresAt, i18n, "long") })}
      </p>
    </div>
  );
}
