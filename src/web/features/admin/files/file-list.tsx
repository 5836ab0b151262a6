import { Building2, Download, Share2, User, Wrench } from "lucide-react";
import { maintenanceStaffMessages } from "#domain/maintenance";
import {
  fileCategoryBadges,
  fileCategoryLabels,
  filesMessages,
  formatFileDate,
  formatFileSize,
  type TenantFile,
} from "#domain/tenant-files";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";

/** "Building, Unit 2B", or the building alone when the file is not about one unit. */
export function placeLine(name: string, unit: string) {
  const building = name || "No building";
  return unit ? `${building}, Unit ${unit}` : building;
}

function FileRow({
  file,
  busy,
  onDownload,
}: {
  file: TenantFile;
  busy: boolean;
  onDownload: (file: TenantFile) => void;
}) {
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h4 className="font-semibold break-all">{file.originalName}</h4>
            <Badge variant={fileCategoryBadges[file.category]}>
              {fileCategoryLabels[file.category]}
            </Badge>
            {file.fromOffice ? (
              <Badge variant="outline">
                <Share2 aria-hidden="true" className="size-3" />
                {maintenanceStaffMessages.sharedMarker}
              </Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">
            {formatFileSize(file.size)} · {formatFileDate(file.uploadDate)}
          </p>
          <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-sm">
            <User aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="font-medium">{file.tenant.name}</span>
            <a
              href={`mailto:${file.tenant.email}`}
              className="break-all text-primary underline-offset-4 hover:underline"
            >
              {file.tenant.email}
            </a>
          </p>
          <p className="flex items-center gap-1.5 text-sm">
            <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {placeLine(file.property.name, file.property.unit)}
          </p>
          {file.maintenanceRequest ? (
            <p className="flex items-center gap-1.5 text-sm">
              <Wrench aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              {`Maintenance request: ${file.maintenanceRequest.title}`}
            </p>
          ) : null}
        </div>
        <Button
          variant="outline"
          className="h-11 w-full shrink-0 md:w-auto"
          aria-label={`Download ${file.originalName}`}
          disabled={busy}
          onClick={() => onDownload(file)}
        >
          <Download aria-hidden="true" />
          {busy ? filesMessages.downloading : "Download"}
        </Button>
      </Card>
    </li>
  );
}

/** The files, one card each: stacked on a phone, a row with its button on a wide screen. */
export function FileList({
  files,
  busyIds,
  onDownload,
}: {
  files: TenantFile[];
  busyIds: ReadonlySet<string>;
  onDownload: (file: TenantFile) => void;
}) {
  return (
    <ul aria-label="Files" className="grid gap-3">
      {files.map((file) => (
        <FileRow key={file.id} file={file} busy={busyIds.has(file.id)} onDownload={onDownload} />
      ))}
    </ul>
  );
}
