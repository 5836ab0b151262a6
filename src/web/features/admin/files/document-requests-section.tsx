import type { UseQueryResult } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import type { ReactNode } from "react";
import {
  type DocumentRequest,
  fileCategoryBadges,
  fileCategoryLabels,
  formatFileDate,
} from "#domain/tenant-files";
import { LoadFailed } from "#web/components/load-failed";
import { Badge } from "#web/components/ui/badge";
import { Card } from "#web/components/ui/card";
import { placeLine } from "./file-list";

export const requestsWords = {
  heading: "Document Requests",
  loading: "Loading document requests...",
  empty: "No document requests yet",
  failed: "Failed to load document requests.",
  expired: "Expired",
} as const;

function filesReceived(count: number) {
  return count === 1 ? "1 file received" : `${count} files received`;
}

function RequestRow({ request, now }: { request: DocumentRequest; now: number }) {
  const expired = Date.parse(request.expiresAt) <= now;
  return (
    <li>
      <Card className="grid gap-1.5 p-4 sm:grid-cols-[1fr_auto] sm:items-start sm:gap-x-4">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h4 className="font-semibold">{request.tenantName}</h4>
            <Badge variant={fileCategoryBadges[request.category]}>
              {fileCategoryLabels[request.category]}
            </Badge>
            {expired ? <Badge variant="muted">{requestsWords.expired}</Badge> : null}
          </div>
          <p className="text-sm break-all text-muted-foreground">{request.tenantEmail}</p>
          <p className="text-sm">{placeLine(request.property.name, request.property.unit)}</p>
          {request.maintenanceRequest ? (
            <p className="text-sm">{`Maintenance request: ${request.maintenanceRequest}`}</p>
          ) : null}
        </div>
        <div className="grid gap-1 text-sm text-muted-foreground sm:text-right">
          <p>{`Sent ${formatFileDate(request.createdAt)}`}</p>
          <p>{`${expired ? "Expired" : "Expires"} ${formatFileDate(request.expiresAt)}`}</p>
          <p className="font-medium text-foreground">{filesReceived(request.filesReceived)}</p>
        </div>
      </Card>
    </li>
  );
}

/** The recent document requests: who was asked, for what, until when, and what came back. */
export function DocumentRequestsSection({
  requests,
}: {
  requests: UseQueryResult<{ requests: DocumentRequest[] }>;
}) {
  const now = Date.now();
  let body: ReactNode;
  if (requests.error) {
    body = <LoadFailed variant="banner" title={requestsWords.failed} message="" query={requests} />;
  } else if (!requests.data) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        {requestsWords.loading}
      </p>
    );
  } else if (requests.data.requests.length === 0) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Inbox aria-hidden="true" className="size-5" />
        {requestsWords.empty}
      </p>
    );
  } else {
    body = (
      <ul aria-label={requestsWords.heading} className="grid gap-3">
        {requests.data.requests.map((request) => (
          <RequestRow key={request.id} request={request} now={now} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="document-requests-heading" className="grid gap-4">
      <h3 id="document-requests-heading" className="text-lg font-semibold">
        {requestsWords.heading}
      </h3>
      {body}
    </section>
  );
}
