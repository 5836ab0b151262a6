import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Clock, Link2Off, Loader2 } from "lucide-react";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { messages } from "#domain/messages";
import { filesMessages, type UploadRequestInfo } from "#domain/tenant-files";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Card } from "#web/components/ui/card";
import { useI18n } from "#web/i18n/i18n-provider";
import { ApiError } from "#web/lib/api-client";
import { invalidate } from "#web/lib/query";
import { uploadRequestQuery } from "../api/get-upload-request";
import type { UploadedFiles } from "../api/upload-document";
import { failureText, type UploadFailure, useDocumentUploads } from "../use-document-uploads";
import { DropZone } from "./drop-zone";
import { OfficeContact } from "./office-contact";
import { ReceivedFiles } from "./received-files";
import { RequestDetails } from "./request-details";
import { UploadRows } from "./upload-rows";

type Refusal = { kind: "invalid" | "expired" | "failed"; failure: UploadFailure };

/**
 * What the page says when the request could not be read: the link's fault, or a failure. The
 * words are the server's English ones, put in the page's language when shown.
 */
function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError && error.status === 404) {
    const text = error.fromServer ? error.message : filesMessages.linkInvalid;
    return { kind: "invalid", failure: { kind: "message", text } };
  }
  if (error instanceof ApiError && error.status === 410) {
    const text = error.fromServer ? error.message : filesMessages.linkExpired;
    return { kind: "expired", failure: { kind: "message", text } };
  }
  if (error instanceof ApiError && error.status === 0) {
    return { kind: "failed", failure: { kind: "connection" } };
  }
  // A server's own words such as "too many requests"; never a 500's.
  const telling = error instanceof ApiError && error.fromServer && error.status < 500;
  return {
    kind: "failed",
    failure: { kind: "message", text: telling ? error.message : messages.server.internal },
  };
}

function UploadArea({
  token,
  info,
  onUploaded,
}: {
  token: string;
  info: UploadRequestInfo;
  onUploaded: (result: UploadedFiles) => void;
}) {
  const { t } = useI18n();
  const [received, setReceived] = useState(false);
  const { rows, addFiles } = useDocumentUploads(token, (result) => {
    setReceived(true);
    onUploaded(result);
  });
  return (
    <Card className="grid gap-6 p-4 sm:p-6">
      <RequestDetails info={info} />
      <DropZone onFiles={addFiles} />
      <UploadRows rows={rows} />
      <div role="status">
        {received ? (
          <p className="flex items-start gap-2 rounded-md bg-secondary p-4 font-medium text-secondary-foreground">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t("upload.thanks")}
          </p>
        ) : null}
      </div>
      <ReceivedFiles files={info.filesReceived} />
    </Card>
  );
}

/**
 * /upload/{token}: a tenant, who has no account, sends the office the documents it asked for by
 * e-mail. The request is read in the browser (server rendering shows the loading state), once:
 * a failure is shown with Try Again, never retried on its own.
 */
export function DocumentUploadPage({ token }: { token: string }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const query = useMemo(() => uploadRequestQuery(token), [token]);
  const { data: info, error, isFetching, refetch } = useQuery(query);

  // After each upload the office's list is read again. The upload's own answer shows the file as
  // received at once, and stays if that reading fails (the data kept is shown, not the error).
  const onUploaded = useCallback(
    (result: UploadedFiles) => {
      client.setQueryData(
        query.queryKey,
        (current) =>
          current && { ...current, filesReceived: [...current.filesReceived, ...result.files] },
      );
      // What the upload made stale, as its contract says (this page's request among it).
      void invalidate(client, tenantFilesApi.uploadThroughRequest.invalidates);
    },
    [client, query],
  );

  const state: { kind: "loading" } | Refusal | { kind: "open"; info: UploadRequestInfo } = info
    ? { kind: "open", info }
    : error && !isFetching
      ? refusalOf(error)
      : { kind: "loading" };

  let body: ReactNode;
  switch (state.kind) {
    case "loading":
      body = (
        <p
          role="status"
          className="flex items-center justify-center gap-2 py-12 text-muted-foreground"
        >
          <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
          {t("upload.loading")}
        </p>
      );
      break;
    case "invalid":
    case "expired":
      body = (
        <StatePanel
          icon={state.kind === "expired" ? Clock : Link2Off}
          tone="error"
          title={t(state.kind === "expired" ? "upload.expired.title" : "upload.invalid.title")}
          message={failureText(t, state.failure)}
        >
          <OfficeContact />
        </StatePanel>
      );
      break;
    case "failed":
      body = (
        <LoadFailed
          icon={Link2Off}
          title={t("upload.failed.title")}
          message={failureText(t, state.failure)}
          query={{ isFetching, refetch }}
          retryLabel={t("upload.tryAgain")}
          otherActions={<OfficeContact />}
        />
      );
      break;
    case "open":
      body = <UploadArea token={token} info={state.info} onUploaded={onUploaded} />;
  }

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{t("upload.title")}</h1>
      {body}
    </div>
  );
}
