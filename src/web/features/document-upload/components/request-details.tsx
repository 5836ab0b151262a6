import { fileCategoryLabels, formatFileDate, type UploadRequestInfo } from "#domain/tenant-files";

/** What the office asks for, and until when the link works. */
export function RequestDetails({ info }: { info: UploadRequestInfo }) {
  const rows: [string, string][] = [
    ["Documents", fileCategoryLabels[info.category]],
    ["Building", info.propertyName],
  ];
  if (info.unit) rows.push(["Unit", info.unit]);
  if (info.maintenanceRequest) rows.push(["Maintenance request", info.maintenanceRequest]);

  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-bold">{`Hello ${info.tenantName}`}</h2>
      <p>The office has asked you to upload documents:</p>
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
          <figcaption className="text-sm font-medium">A note from the office</figcaption>
          <blockquote className="mt-1 whitespace-pre-line">{info.note}</blockquote>
        </figure>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {`This link is valid until ${formatFileDate(info.expiresAt)}`}
      </p>
    </div>
  );
}
