import { FolderOpen, Loader2, RefreshCw, Search } from "lucide-react";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import {
  type FileCategory,
  type FilesResponse,
  fileCategories,
  fileCategoryLabels,
  filesMessages,
  type TenantFile,
} from "#domain/tenant-files";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button } from "#web/components/ui/button";
import { SelectField } from "#web/components/ui/form-field";
import { ApiError } from "#web/lib/api-client";
import { getDocumentRequests } from "../api/get-document-requests";
import { getDownloadUrl } from "../api/get-download-url";
import { getFileStats } from "../api/get-file-stats";
import { type FileFilters, getFiles } from "../api/get-files";
import { DocumentRequestsSection } from "./document-requests-section";
import { FileList } from "./file-list";
import { FileStatsCards } from "./file-stats-cards";
import { type BuildingChoice, RequestDocumentsDialog } from "./request-documents-dialog";
import { startDownload } from "./start-download";
import { useDebouncedValue } from "./use-debounced-value";
import { type Remote, useRemote } from "./use-remote";

const SEARCH_DELAY_MS = 300;

/** The line under 'Error Loading Files': the status the server answered, or why there was none. */
function failureDetail(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return filesMessages.fetchFailed(error.status);
  if (error instanceof Error) return error.message;
  return filesMessages.loadFailed;
}

function useDownloads() {
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const setBusy = (id: string, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const download = async (file: TenantFile) => {
    setBusy(file.id, true);
    try {
      const { downloadUrl } = await getDownloadUrl(file.id);
      startDownload(downloadUrl, file.originalName);
    } catch (error) {
      // The server's reason (e.g. the file is gone) helps more than the bare title.
      const description = error instanceof ApiError && error.fromServer ? error.message : undefined;
      toast.error(filesMessages.downloadFailed, { description });
    } finally {
      setBusy(file.id, false);
    }
  };
  return { busyIds, download };
}

function FilesBody({
  files,
  busyIds,
  onDownload,
  onRetry,
}: {
  files: Remote<FilesResponse>;
  busyIds: ReadonlySet<string>;
  onDownload: (file: TenantFile) => void;
  onRetry: () => void;
}) {
  if (files.error) {
    return (
      <StatePanel
        icon={FolderOpen}
        tone="error"
        headingLevel={4}
        title={filesMessages.errorTitle}
        message={filesMessages.loadFailed}
      >
        <p className="w-full text-sm text-muted-foreground">{failureDetail(files.error)}</p>
        <Button className="h-11" onClick={onRetry} disabled={files.loading}>
          <RefreshCw aria-hidden="true" /> Try Again
        </Button>
      </StatePanel>
    );
  }
  if (!files.data) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-2 py-12 text-muted-foreground"
      >
        <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        {filesMessages.loading}
      </p>
    );
  }
  return (
    <div aria-busy={files.loading || undefined} className="grid gap-3">
      {/* A new search keeps the last list on screen and says that it is being refreshed. */}
      {files.loading ? (
        <p role="status" className="text-sm text-muted-foreground">
          {filesMessages.loading}
        </p>
      ) : null}
      {files.data.files.length === 0 ? (
        <p
          role="status"
          className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-6 py-12 text-center text-muted-foreground"
        >
          <FolderOpen aria-hidden="true" className="size-10" />
          {filesMessages.empty}
        </p>
      ) : (
        <FileList files={files.data.files} busyIds={busyIds} onDownload={onDownload} />
      )}
    </div>
  );
}

/**
 * The Files tab of the admin dashboard (PRODUCT-SPEC.md section 2, File Management): summary
 * cards, the tenants' files with search, category filter and download, and the document requests
 * through which tenants send them.
 */
export function FilesTab({ buildings }: { buildings: BuildingChoice[] }) {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<FileFilters["category"]>("all");
  const tenant = useDebouncedValue(search, SEARCH_DELAY_MS).trim();

  const loadFiles = useCallback(
    (signal: AbortSignal) => getFiles({ category, tenant }, signal),
    [category, tenant],
  );
  const files = useRemote(loadFiles);
  const stats = useRemote(getFileStats);
  const requests = useRemote(getDocumentRequests);
  const { busyIds, download } = useDownloads();

  const retry = () => {
    files.reload();
    stats.reload();
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">File Management</h2>
        <RequestDocumentsDialog buildings={buildings} onSent={requests.reload} />
      </div>

      <FileStatsCards stats={stats.data} loading={stats.loading} />

      <section aria-labelledby="tenant-files-heading" className="grid gap-4">
        <h3 id="tenant-files-heading" className="text-lg font-semibold">
          Uploaded Files
        </h3>
        <div className="grid gap-3 sm:grid-cols-[1fr_14rem] sm:items-end">
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={filesMessages.searchPlaceholder}
              aria-label={filesMessages.searchPlaceholder}
              maxLength={200}
              className="h-11 w-full rounded-md border border-border bg-background pl-9 pr-3 text-base shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            />
          </div>
          <SelectField
            label="Category"
            value={category}
            onChange={(event) => setCategory(event.target.value as FileCategory | "all")}
          >
            <option value="all">All Categories</option>
            {fileCategories.map((c) => (
              <option key={c} value={c}>
                {fileCategoryLabels[c]}
              </option>
            ))}
          </SelectField>
        </div>
        <FilesBody files={files} busyIds={busyIds} onDownload={download} onRetry={retry} />
      </section>

      <DocumentRequestsSection requests={requests} />
    </div>
  );
}
