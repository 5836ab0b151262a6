import { Building2, Loader2, Mail, TriangleAlert } from "lucide-react";
import { useRef } from "react";
import {
  type MaintenanceRequest,
  maintenanceCategoryLabels,
  maintenanceMessages,
  maintenanceStaffMessages as words,
} from "#domain/maintenance";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Dialog, DialogContent } from "#web/components/ui/dialog";
import { ApiError } from "#web/lib/api-client";
import { formatDateTime } from "#web/lib/format-date-time";
import { placeLine } from "../files/file-list";
import { CommentThread } from "./comment-thread";
import { StatusBadge, UrgencyBadge, visitLine } from "./maintenance-badges";
import { PhotoViewer } from "./photo-viewer";
import { StatusForm } from "./status-form";
import { useMaintenanceRequest } from "./use-maintenance";

function Facts({ request }: { request: MaintenanceRequest }) {
  const visit = visitLine(request.scheduledFor, request.window);
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-muted-foreground">Building and unit</dt>
        <dd className="flex items-center gap-1.5">
          <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {placeLine(request.property.name, request.property.unit)}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="font-medium text-muted-foreground">Tenant</dt>
        <dd className="flex flex-wrap items-center gap-x-2">
          <span>{request.tenant.name}</span>
          <a
            href={`mailto:${request.tenant.email}`}
            className="inline-flex items-center gap-1 break-all text-primary underline-offset-4 hover:underline"
          >
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {request.tenant.email}
          </a>
        </dd>
      </div>
      <div>
        <dt className="font-medium text-muted-foreground">Category</dt>
        <dd>{maintenanceCategoryLabels[request.category]}</dd>
      </div>
      <div>
        <dt className="font-medium text-muted-foreground">Sent</dt>
        <dd>{formatDateTime(request.createdAt)}</dd>
      </div>
      <div>
        <dt className="font-medium text-muted-foreground">Permission to enter</dt>
        <dd>
          {request.permissionToEnter
            ? "Yes, the office may enter when the tenant is not home"
            : "No, only when the tenant is home"}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-muted-foreground">Preferred times</dt>
        <dd className="break-words">{request.preferredTimes || "None given"}</dd>
      </div>
      {visit ? (
        <div>
          <dt className="font-medium text-muted-foreground">Visit</dt>
          <dd>{visit}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function RequestBody({ request }: { request: MaintenanceRequest }) {
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-2">
        <UrgencyBadge urgency={request.urgency} />
        <StatusBadge status={request.status} />
      </div>
      <Facts request={request} />
      <section aria-labelledby="request-description" className="grid gap-2">
        <h3 id="request-description" className="font-semibold">
          Description
        </h3>
        <p className="whitespace-pre-wrap break-words text-sm">{request.description}</p>
      </section>
      <PhotoViewer photos={request.photos} title={request.title} />
      <StatusForm request={request} />
      <CommentThread request={request} />
    </div>
  );
}

function DetailState({ detail }: { detail: ReturnType<typeof useMaintenanceRequest> }) {
  if (detail.data) return <RequestBody request={detail.data} />;
  if (detail.isError) {
    const gone = detail.error instanceof ApiError && detail.error.status === 404;
    // Gone is not a failure to load: asking again would only find it gone again.
    return gone ? (
      <StatePanel
        icon={TriangleAlert}
        tone="error"
        headingLevel={3}
        title={maintenanceMessages.notFound}
        message="It may have been removed."
      />
    ) : (
      <LoadFailed headingLevel={3} title={words.requestLoadFailed} query={detail} />
    );
  }
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
      <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      Loading the request...
    </p>
  );
}

/**
 * A request's page, as a dialog over the list: what the tenant reported, the photos, the
 * schedule and status, and the comment thread. Focus goes back to the title that opened it, or,
 * when that row left the list (a request completed under the 'All open' filter), to the tab's
 * heading.
 */
export function RequestDialog({
  id,
  onClose,
  fallbackFocus,
}: {
  id: string | null;
  onClose: () => void;
  fallbackFocus: () => void;
}) {
  const opener = useRef<HTMLElement | null>(null);
  const detail = useMaintenanceRequest(id);
  const title = id && detail.data?.id === id ? detail.data.title : "Maintenance request";
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={title}
        className="max-w-3xl"
        onOpenAutoFocus={() => {
          opener.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (opener.current?.isConnected && opener.current !== document.body) {
            opener.current.focus();
          } else fallbackFocus();
        }}
      >
        {id ? <DetailState detail={detail} /> : null}
      </DialogContent>
    </Dialog>
  );
}
