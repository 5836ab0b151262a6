import {
  keepPreviousData,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { FolderOpen, Loader2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { tenantFilesApi } from "#domain/api/tenant-files";
import {
  type FileCategory,
  type FilesPage,
  type FilesQuery,
  fileCategories,
  fileCategoryLabels,
  filesMessages,
  type TenantFile,
} from "#domain/tenant-files";
import { Pager } from "#web/components/layout/pager";
import { LoadFailed } from "#web/components/load-failed";
import { SearchBox, useSearchBox } from "#web/components/search-box";
import { SelectField } from "#web/components/ui/form-field";
import { ApiError } from "#web/lib/api-client";
import { useListAddress } from "#web/lib/list-address";
import { contractQuery } from "#web/lib/query";
import { startDownload } from "#web/lib/start-download";
import { DocumentRequestsSection } from "./document-requests-section";
import { FileList } from "./file-list";
import { FileStatsCards } from "./file-stats-cards";
import { RequestDocumentsDialog } from "./request-documents-dialog";
import { ShareDocumentDialog } from "./share-document-dialog";

type CategoryChoice = FileCategory | "all";

const categoryOf = (value: string): CategoryChoice =>
  fileCategories.find((c) => c === value) ?? "all";

/** The list's query: no category for 'all', no tenant for an empty search, the page's cursor. */
function filesQuery(
  category: CategoryChoice,
  tenant: string | undefined,
  cursor: string | undefined,
): Partial<FilesQuery> {
  const search = tenant?.trim();
  return {
    ...(category === "all" ? {} : { category }),
    ...(search ? { tenant: search } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** The line under 'Error Loading Files': the status the server answered, or why there was none. */
function failureDetail(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return filesMessages.fetchFailed(error.status);
  if (error instanceof Error) return error.message;
  return filesMessages.loadFailed;
}

function useDownloads() {
  const client = useQueryClient();
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
      const { downloadUrl } = await client.fetchQuery({
        ...contractQuery(tenantFilesApi.downloadLink, { params: { id: file.id } }),
        // Asked for on each press, and not kept: the link works for a few minutes only.
        gcTime: 0,
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
  files: UseQueryResult<FilesPage>;
  busyIds: ReadonlySet<string>;
  onDownload: (file: TenantFile) => void;
  onRetry: () => void;
}) {
  if (files.error) {
    return (
      <LoadFailed
        icon={FolderOpen}
        headingLevel={4}
        title={filesMessages.errorTitle}
        message={filesMessages.loadFailed}
        query={{ isFetching: files.isFetching, refetch: onRetry }}
      >
        <p className="w-full text-sm text-muted-foreground">{failureDetail(files.error)}</p>
      </LoadFailed>
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
export function FilesTab() {
  // The category, the search and the page live in the address (shareable, Back works).
  const address = useListAddress(["category", "tenant"]);
  const category = categoryOf(address.filters.category ?? "all");
  const tenant = address.filters.tenant;
  const { setFilter } = address;
  const [search, setSearch] = useSearchBox(tenant, (value) =>
    setFilter("tenant", value, { replace: true }),
  );

  const files = useQuery({
    ...contractQuery(tenantFilesApi.list, {
      query: filesQuery(category, tenant, address.cursor) as FilesQuery,
    }),
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
          <RequestDocumentsDialog />
        </div>
      </div>

      <FileStatsCards stats={stats.data} loading={stats.isFetching} />

      <section aria-labelledby="tenant-files-heading" className="grid gap-4">
        <h3 id="tenant-files-heading" className="text-lg font-semibold">
          Uploaded Files
        </h3>
        <div className="grid gap-3 sm:grid-cols-[1fr_14rem] sm:items-end">
          <SearchBox
            value={search}
            onChange={setSearch}
            label={filesMessages.searchPlaceholder}
            fill
          />
          <SelectField
            label="Category"
            value={category}
            onChange={(event) => {
              const next = categoryOf(event.target.value);
              address.setFilter("category", next === "all" ? undefined : next);
            }}
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
        <Pager
          label="Files pages"
          nextCursor={files.data?.nextCursor}
          isFirstPage={!address.cursor}
          onNextPage={address.nextPage}
          onFirstPage={address.firstPage}
        />
      </section>

      <DocumentRequestsSection requests={requests} />
    </div>
  );
}
