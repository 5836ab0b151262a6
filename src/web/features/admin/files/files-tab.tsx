import { keepPreviousData, type UseQueryResult, useQuery } from "@tanstack/react-query";
import { FolderOpen, Loader2, RefreshCw, Search } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { tenantFilesApi } from "#domain/api/tenant-files";
import {
  type FileCategory,
  type FilesQuery,
  type FilesResponse,
  fileCategories,
  fileCategoryLabels,
  filesMessages,
  type TenantFile,
} from "#domain/tenant-files";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button } from "#web/components/ui/button";
import { SelectField } from "#web/components/ui/form-field";
import { ApiError, request } from "#web/lib/api-client";
import { contractQuery } from "#web/lib/query";
import { startDownload } from "#web/lib/start-download";
import { useDebouncedValue } from "#web/lib/use-debounced-value";
import { DocumentRequestsSection } from "./document-requests-section";
import { FileList } from "./file-list";
import { FileStatsCards } from "./file-stats-cards";
import { type BuildingChoice, RequestDocumentsDialog } from "./request-documents-dialog";
import { ShareDocumentDialog } from "./share-document-dialog";

/** A search asks once the typing has stopped for this long, not once per key. */
const SEARCH_DELAY_MS = 300;

type CategoryChoice = FileCategory | "all";

const categoryOf = (value: string): CategoryChoice =>
  fileCategories.find((c) => c === value) ?? "all";

/** The list's query: no category for 'all', no tenant for an empty search. */
function filesQuery(category: CategoryChoice, tenant: string): FilesQuery {
  const search = tenant.trim();
  return {
    ...(category === "all" ? {} : { category }),
    ...(search ? { tenant: search } : {}),
  };
}

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

  // A file is reached through a same-origin link, valid a few minutes, that the server answers
  // as an attachment: it needs no bearer token, so a plain link downloads it.
  const download = async (file: TenantFile) => {
    setBusy(file.id, true);
    try {
      const { downloadUrl } = await request(tenantFilesApi.downloadLink, {
        params: { id: file.id },
      });
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
  files: UseQueryResult<FilesResponse>;
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
        <Button className="h-11" onClick={onRetry} disabled={files.isFetching}>
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
    <div aria-busy={files.isFetching || undefined} className="grid gap-3">
      {/* A new search keeps the last list on screen and says that it is being refreshed. */}
      {files.isFetching ? (
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
 * The Files tab of the admin dashboard, File Management: summary cards, the tenants' files with
 * search, category filter and download, and the document requests through which tenants send
 * them.
 */
export function FilesTab({ buildings }: { buildings: BuildingChoice[] }) {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<CategoryChoice>("all");
  const tenant = useDebouncedValue(search, SEARCH_DELAY_MS);

  const files = useQuery({
    ...contractQuery(tenantFilesApi.list, { query: filesQuery(category, tenant) }),
    // A new search or category keeps the last list on screen until its answer.
    placeholderData: keepPreviousData,
  });
  const stats = useQuery(contractQuery(tenantFilesApi.stats, {}));
  const requests = useQuery(contractQuery(tenantFilesApi.listRequests, {}));
  const { busyIds, download } = useDownloads();

  const retry = () => {
    void files.refetch();
    void stats.refetch();
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">File Management</h2>
        <div className="flex flex-wrap gap-2">
          <ShareDocumentDialog />
          <RequestDocumentsDialog buildings={buildings} />
        </div>
      </div>

      <FileStatsCards stats={stats.data} loading={stats.isFetching} />

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
            onChange={(event) => setCategory(categoryOf(event.target.value))}
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
