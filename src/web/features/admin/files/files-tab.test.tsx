import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { buildUrl } from "#domain/api/wire";
import type { DocumentRequest, FileStats, TenantFile } from "#domain/tenant-files";
import { type Answer, answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { spyOnToasts } from "#tests/support/toast-spy";
import { choicesHandler } from "../buildings/test-support";
import { FilesTab } from "./files-tab";

spyOnToasts();

type Of<C extends keyof typeof tenantFilesApi> = Answer<(typeof tenantFilesApi)[C]>;

/**
 * The API, answered through the contracts: each test replaces the answers it needs. The list's
 * queries and the bodies sent are recorded.
 */
let filesAnswer: () => Of<"list">;
let statsAnswer: () => Of<"stats">;
let requestsAnswer: () => Of<"listRequests">;
let filesQueries: Record<string, string>[];
let requestsSent: unknown[];
let anchorClick: { mockRestore: () => void } | undefined;

beforeEach(() => {
  filesAnswer = () => ({ files, nextCursor: null });
  statsAnswer = () => stats;
  requestsAnswer = () => ({ requests: [] });
  filesQueries = [];
  requestsSent = [];
  answer(
    handle(tenantFilesApi.list, ({ query }) => {
      filesQueries.push(query);
      return filesAnswer();
    }),
    handle(tenantFilesApi.stats, () => statsAnswer()),
    handle(tenantFilesApi.listRequests, () => requestsAnswer()),
  );
});

afterEach(() => {
  // Only this file's spies: the console.error spy of the test setup must stay until its check.
  anchorClick?.mockRestore();
  anchorClick = undefined;
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const show = () => {
  answer(choicesHandler(buildings));
  return renderWithQuery(<FilesTab />);
};

const files: TenantFile[] = [
  {
    id: "f1",
    filename: "a1.pdf",
    originalName: "leak-photo.pdf",
    category: "maintenance",
    size: 1536,
    mime: "application/pdf",
    uploadDate: "2025-03-05T15:00:00.000Z",
    tenant: { name: "Ann Tenant", email: "ann@example.com" },
    property: { id: 1, name: "Maple Court", unit: "2B" },
    maintenanceRequest: { title: "Leaking faucet" },
    fromOffice: false,
  },
  {
    id: "f2",
    filename: "b2.docx",
    originalName: "lease.docx",
    category: "lease",
    size: 2_621_440,
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    uploadDate: "2024-12-31T12:00:00.000Z",
    tenant: { name: "Bob Renter", email: "bob@example.com" },
    property: { id: 2, name: "Oak Hall", unit: "" },
    maintenanceRequest: null,
    fromOffice: false,
  },
];

const stats: FileStats = {
  totalFiles: 12,
  totalSize: "4.2 MB",
  totalBytes: 4_404_019,
  categoryCounts: { maintenance: 5, lease: 4, property: 2, other: 1 },
  recentUploads: 3,
};

const buildings = [
  { id: 1, title: "Maple Court", units: [{ unitNumber: "1A" }, { unitNumber: "2B" }] },
  { id: 2, title: "Oak Hall", units: [] },
];

function card(title: string) {
  const found = screen.getByText(title).closest("div");
  if (!found) throw new Error(`No card titled ${title}`);
  return found;
}

describe("FilesTab: the list", () => {
  it("says 'Loading files...', then shows the cards and each file's details", async () => {
    show();
    expect(screen.getByRole("heading", { name: "File Management" })).toBeInTheDocument();
    expect(screen.getByText("Loading files...")).toBeInTheDocument();

    const list = await screen.findByRole("list", { name: "Files" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByText("leak-photo.pdf")).toBeInTheDocument();
    expect(within(first!).getByText("1.5 KB · Mar 05, 2025")).toBeInTheDocument();
    expect(within(first!).getByText("Ann Tenant")).toBeInTheDocument();
    expect(within(first!).getByText("ann@example.com")).toBeInTheDocument();
    expect(within(first!).getByText("Maple Court, Unit 2B")).toBeInTheDocument();
    expect(within(first!).getByText("Maintenance request: Leaking faucet")).toBeInTheDocument();
    expect(within(first!).getByText("Maintenance")).toHaveClass("bg-destructive");
    expect(within(second!).getByText("2.5 MB · Dec 31, 2024")).toBeInTheDocument();
    expect(within(second!).getByText("Oak Hall")).toBeInTheDocument();
    expect(within(second!).getByText("Lease")).toHaveClass("bg-primary");
    expect(within(second!).queryByText(/Maintenance request/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download lease.docx" })).toBeEnabled();

    expect(within(card("Total Files")).getByText("12")).toBeInTheDocument();
    expect(within(card("Storage Used")).getByText("4.2 MB")).toBeInTheDocument();
    expect(within(card("Maintenance Files")).getByText("5")).toBeInTheDocument();
    expect(within(card("Recent Uploads")).getByText("3")).toBeInTheDocument();
    expect(within(card("Recent Uploads")).getByText("last 7 days")).toBeInTheDocument();
  });

  it("keeps the list when the statistics fail, with '—' in the cards", async () => {
    statsAnswer = () => refuse(503, "boom");
    show();
    expect(await screen.findByText("leak-photo.pdf")).toBeInTheDocument();
    await waitFor(() => expect(within(card("Total Files")).getByText("—")).toBeInTheDocument());
    expect(within(card("Storage Used")).getByText("—")).toBeInTheDocument();
  });

  it("says 'No files found matching your criteria' when there are none", async () => {
    filesAnswer = () => ({ files: [], nextCursor: null });
    show();
    expect(await screen.findByText("No files found matching your criteria")).toBeInTheDocument();
  });

  it("shows 'Error Loading Files' with the status, and Try Again loads again", async () => {
    let fail = true;
    filesAnswer = () => (fail ? refuse(503, "Service unavailable") : { files, nextCursor: null });
    show();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Error Loading Files" })).toBeInTheDocument();
    expect(within(alert).getByText("Failed to load files. Please try again.")).toBeInTheDocument();
    expect(within(alert).getByText("Failed to fetch files: 503")).toBeInTheDocument();

    fail = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("leak-photo.pdf")).toBeInTheDocument();
    expect(screen.queryByText("Error Loading Files")).not.toBeInTheDocument();
  });

  it("ends in the error state when the network fails", async () => {
    filesAnswer = () => networkFailure;
    show();
    expect(await screen.findByText("Error Loading Files")).toBeInTheDocument();
    expect(screen.getByText(/Server connection failed/)).toBeInTheDocument();
  });
});

describe("FilesTab: search and category", () => {
  it("asks without a query, then with the category (none for 'all') and the tenant search", async () => {
    const user = userEvent.setup();
    show();
    await screen.findByText("leak-photo.pdf");
    expect(filesQueries).toEqual([{}]);

    await user.selectOptions(screen.getByLabelText("Category"), "lease");
    await waitFor(() => expect(filesQueries.at(-1)).toEqual({ category: "lease" }));

    const search = screen.getByRole("searchbox", { name: "Search by tenant name or email..." });
    expect(search).toHaveAttribute("placeholder", "Search by tenant name or email...");
    await user.type(search, "ann@ex");
    // Debounced: one request for the whole word, not one per key.
    await waitFor(() =>
      expect(filesQueries.at(-1)).toEqual({ category: "lease", tenant: "ann@ex" }),
    );
    expect(filesQueries.filter((q) => "tenant" in q)).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText("Category"), "all");
    await waitFor(() => expect(filesQueries.at(-1)).toEqual({ tenant: "ann@ex" }));
  });
});

describe("FilesTab: pages", () => {
  it("shows no pager for one page, and walks pages by the cursor; a filter starts again", async () => {
    const user = userEvent.setup();
    show();
    await screen.findByText("leak-photo.pdf");
    expect(screen.queryByRole("navigation", { name: "Files pages" })).toBeNull();

    filesAnswer = () => ({ files, nextCursor: "page2" });
    await user.selectOptions(screen.getByLabelText("Category"), "lease");
    const pager = await screen.findByRole("navigation", { name: "Files pages" });
    await user.click(within(pager).getByRole("button", { name: "Next page" }));
    await waitFor(() =>
      expect(filesQueries.at(-1)).toEqual({ category: "lease", cursor: "page2" }),
    );
    expect(await screen.findByRole("button", { name: "First page" })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Category"), "other");
    await waitFor(() => expect(filesQueries.at(-1)).toEqual({ category: "other" }));
  });
});

describe("FilesTab: download", () => {
  it("shows 'Downloading...' while busy, then opens the download link", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const link = buildUrl(tenantFilesApi.download, { token: "tok123" });
    answer(
      handle(tenantFilesApi.downloadLink, async ({ params }) => {
        await held;
        return params.id === "f1"
          ? { downloadUrl: link, expiresAt: "2025-01-01T00:05:00Z" }
          : refuse(404, "Unexpected file");
      }),
    );
    const clicked: string[] = [];
    anchorClick = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute("href")} as ${this.download}`);
    });
    show();
    const button = await screen.findByRole("button", { name: "Download leak-photo.pdf" });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent("Downloading...");
    expect(screen.getByRole("button", { name: "Download lease.docx" })).toBeEnabled();

    await act(async () => release());
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent("Download");
    expect(clicked).toEqual([`${link} as leak-photo.pdf`]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Failed to download file' when the link cannot be had", async () => {
    answer(handle(tenantFilesApi.downloadLink, () => refuse(404, "This file no longer exists.")));
    show();
    const button = await screen.findByRole("button", { name: "Download lease.docx" });
    await userEvent.click(button);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to download file", {
        description: "This file no longer exists.",
      }),
    );
    expect(button).toBeEnabled();
  });
});

const sentRequest: DocumentRequest = {
  id: "r1",
  tenantName: "Ann Tenant",
  tenantEmail: "ann@example.com",
  property: { id: 1, name: "Maple Court", unit: "2B" },
  category: "maintenance",
  maintenanceRequest: "Leaking faucet",
  createdAt: "2025-03-01T15:00:00.000Z",
  expiresAt: "2025-03-15T15:00:00.000Z",
  filesReceived: 2,
};

describe("FilesTab: document requests", () => {
  it("lists the requests with dates, files received and 'Expired' when past", async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    requestsAnswer = () => ({
      requests: [
        {
          ...sentRequest,
          id: "r2",
          tenantName: "Bob Renter",
          expiresAt: future,
          filesReceived: 1,
        },
        sentRequest,
      ],
    });
    show();
    const list = await screen.findByRole("list", { name: "Document Requests" });
    const [current, past] = within(list).getAllByRole("listitem");
    expect(within(current!).getByText("1 file received")).toBeInTheDocument();
    expect(within(current!).queryByText("Expired")).not.toBeInTheDocument();
    expect(within(past!).getByText("Ann Tenant")).toBeInTheDocument();
    expect(within(past!).getByText("Maple Court, Unit 2B")).toBeInTheDocument();
    expect(within(past!).getByText("Sent Mar 01, 2025")).toBeInTheDocument();
    expect(within(past!).getByText("Expired Mar 15, 2025")).toBeInTheDocument();
    expect(within(past!).getByText("Expired")).toBeInTheDocument();
    expect(within(past!).getByText("2 files received")).toBeInTheDocument();
  });

  it("says 'No document requests yet' when there are none", async () => {
    show();
    expect(await screen.findByText("No document requests yet")).toBeInTheDocument();
  });

  it("offers Try Again when the requests cannot be loaded", async () => {
    let fail = true;
    requestsAnswer = () => (fail ? refuse(503, "x") : { requests: [sentRequest] });
    show();
    expect(await screen.findByText("Failed to load document requests.")).toBeInTheDocument();
    fail = false;
    const section = screen.getByRole("region", { name: "Document Requests" });
    await userEvent.click(within(section).getByRole("button", { name: "Try Again" }));
    expect(await within(section).findByText("Ann Tenant")).toBeInTheDocument();
  });
});

describe("FilesTab: Request Documents dialog", () => {
  function sendRequests(reply: () => Of<"createRequest">) {
    answer(
      handle(tenantFilesApi.createRequest, ({ body }) => {
        requestsSent.push(body);
        return reply();
      }),
    );
  }

  async function openDialog() {
    const user = userEvent.setup();
    show();
    await screen.findByText("No document requests yet");
    await user.click(screen.getByRole("button", { name: "Request Documents" }));
    const dialog = await screen.findByRole("dialog", { name: "Request Documents from a Tenant" });
    return { user, dialog };
  }

  it("shows the schema's messages under the fields", async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "Send Request" }));
    expect(
      await within(dialog).findByText("Tenant name must be between 2 and 100 characters."),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter a valid email address.")).toBeInTheDocument();
    expect(within(dialog).getByText("Please choose a building.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Tenant Name")).toHaveAttribute("aria-invalid", "true");
    expect(requestsSent).toEqual([]);
  });

  it("sends the request, says so, closes and lists it", async () => {
    sendRequests(() => sentRequest);
    const { user, dialog } = await openDialog();
    expect(within(dialog).queryByLabelText("Maintenance Request")).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Tenant Name"), "Ann Tenant");
    await user.type(within(dialog).getByLabelText("Tenant Email"), "Ann@Example.com");
    await user.selectOptions(within(dialog).getByLabelText("Building"), "Maple Court");
    const unit = within(dialog).getByLabelText("Unit");
    expect(
      within(unit)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["No specific unit", "Unit 1A", "Unit 2B"]);
    await user.selectOptions(unit, "2B");
    await user.selectOptions(within(dialog).getByLabelText("Category"), "maintenance");
    await user.type(within(dialog).getByLabelText("Maintenance Request"), "Leaking faucet");
    await user.type(within(dialog).getByLabelText("Note (optional)"), "Two photos, please.");

    requestsAnswer = () => ({ requests: requestsSent.length > 0 ? [sentRequest] : [] });
    await user.click(within(dialog).getByRole("button", { name: "Send Request" }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Document request sent to ann@example.com."),
    );
    expect(requestsSent).toEqual([
      {
        tenantName: "Ann Tenant",
        tenantEmail: "ann@example.com",
        propertyId: 1,
        unit: "2B",
        category: "maintenance",
        maintenanceRequest: "Leaking faucet",
        note: "Two photos, please.",
        language: "en",
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The write's invalidation refetches the requests: the new one is listed.
    const list = await screen.findByRole("list", { name: "Document Requests" });
    expect(within(list).getByText("Ann Tenant")).toBeInTheDocument();
  });

  it("clears the unit when the building changes, and drops a hidden maintenance title", async () => {
    sendRequests(() => sentRequest);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText("Tenant Name"), "Bob Renter");
    await user.type(within(dialog).getByLabelText("Tenant Email"), "bob@example.com");
    await user.selectOptions(within(dialog).getByLabelText("Building"), "Maple Court");
    await user.selectOptions(within(dialog).getByLabelText("Unit"), "1A");
    await user.selectOptions(within(dialog).getByLabelText("Category"), "maintenance");
    await user.type(within(dialog).getByLabelText("Maintenance Request"), "Broken window");
    await user.selectOptions(within(dialog).getByLabelText("Category"), "lease");
    await user.selectOptions(within(dialog).getByLabelText("Building"), "Oak Hall");
    expect(within(dialog).getByLabelText("Unit")).toHaveValue("");
    await user.click(within(dialog).getByRole("button", { name: "Send Request" }));
    await waitFor(() => expect(requestsSent).toHaveLength(1));
    expect(requestsSent[0]).toMatchObject({
      propertyId: 2,
      unit: "",
      category: "lease",
      maintenanceRequest: "",
    });
  });

  it("shows the server's message in the dialog when the request fails", async () => {
    sendRequests(() => refuse(404, "Building not found"));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText("Tenant Name"), "Ann Tenant");
    await user.type(within(dialog).getByLabelText("Tenant Email"), "ann@example.com");
    await user.selectOptions(within(dialog).getByLabelText("Building"), "Oak Hall");
    await user.click(within(dialog).getByRole("button", { name: "Send Request" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Building not found");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
