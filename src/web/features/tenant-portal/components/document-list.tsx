import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, FolderOpen } from "lucide-react";
import { useState } from "react";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import { uploadDate, uploadSize } from "#domain/i18n/file-formats";
import type { TenantFile } from "#domain/tenant-files";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { useI18n } from "#web/i18n/i18n-provider";
import { translateMessage } from "#web/i18n/translate-message";
import { failureDetail } from "#web/lib/api-client";
import { contractQuery } from "#web/lib/query";
import { startDownload } from "#web/lib/start-download";
import { documentsQuery } from "../portal-queries";
import { useFailureDetail } from "../use-failure-detail";

function DocumentRow({
  file,
  busy,
  failure,
  onDownload,
}: {
  file: TenantFile;
  busy: boolean;
  failure: string | null;
  onDownload: (file: TenantFile) => void;
}) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <h4 className="font-semibold break-all">{file.originalName}</h4>
          <p className="flex flex-wrap items-center gap-2">
            {file.fromOffice ? (
              <Badge variant="default">{t("portal.documents.fromOffice")}</Badge>
            ) : null}
            <Badge variant="outline">{t(`upload.category.${file.category}`)}</Badge>
          </p>
          <p className="text-sm text-muted-foreground">
            {`${uploadSize(file.size, locale)} · ${uploadDate(file.uploadDate, i18n)}`}
          </p>
          {failure ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {`${t("portal.documents.downloadFailed")} ${translateMessage(t, failure)}`}
            </p>
          ) : null}
        </div>
        <Button
          variant="outline"
          className="h-11 w-full shrink-0 sm:w-auto"
          aria-label={t("portal.documents.downloadNamed", { name: file.originalName })}
          disabled={busy}
          onClick={() => onDownload(file)}
        >
          <Download aria-hidden="true" />
          {t(busy ? "portal.documents.downloading" : "portal.documents.download")}
        </Button>
      </Card>
    </li>
  );
}

/**
 * A document is reached through a link the server makes on demand, valid a few minutes, that
 * it answers as an attachment: the page stays where it is.
 */
function useDocumentDownload() {
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [failures, setFailures] = useState<Record<string, string>>({});
  const download = async (file: TenantFile) => {
    setBusy(file.id);
    setFailures(({ [file.id]: _gone, ...rest }) => rest);
    try {
      const { downloadUrl } = await client.fetchQuery({
        ...contractQuery(tenantPortalApi.documentLink, { params: { id: file.id } }),
        // Asked for on each press, and not kept: the link works for a few minutes only.
        gcTime: 0,
      });
      startDownload(downloadUrl, file.originalName);
    } catch (error) {
      setFailures((current) => ({
        ...current,
        // In English as it came, translated when shown.
        [file.id]: failureDetail(error),
      }));
    } finally {
      setBusy(null);
    }
  };
  return { busy, failures, download };
}

/** The tenant's documents, newest first: their own uploads and what the office shared. */
export function DocumentList() {
  const { t } = useI18n();
  const why = useFailureDetail();
  const list = useQuery(documentsQuery());
  const { busy, failures, download } = useDocumentDownload();
  if (list.isError && !list.data)
    return (
      <LoadFailed
        title={t("portal.documents.failed")}
        query={list}
        message={why(list.error)}
        retryLabel={t("portal.tryAgain")}
        headingLevel={4}
      />
    );
  if (!list.data)
    return (
      <p role="status" className="text-muted-foreground">
        {t("portal.documents.loading")}
      </p>
    );
  if (list.data.files.length === 0)
    return (
      <StatePanel
        icon={FolderOpen}
        headingLevel={4}
        title={t("portal.documents.none")}
        message={t("portal.documents.noneHint")}
      />
    );
  return (
    <ul aria-label={t("portal.documents.yours")} className="grid gap-3">
      {list.data.files.map((file) => (
        <DocumentRow
          key={file.id}
          file={file}
          busy={busy === file.id}
          failure={failures[file.id] ?? null}
          onDownload={(chosen) => void download(chosen)}
        />
      ))}
    </ul>
  );
}
