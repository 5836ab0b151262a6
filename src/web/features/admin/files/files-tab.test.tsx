import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DocumentRequest, FileStats, TenantFile } from "#domain/tenant-files";
import { FilesTab } from "./files-tab";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** The API at the network boundary: each test answers the calls it expects, and only those. */
type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
type Handler = (url: URL, init: RequestInit) => Answer;
type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

let routes: Record<string, Handler>;
let calls: Call[];
let anchorClick: { mockRestore: () => void } | undefined;

function json(status: number, body: unknown) {
  return { status, body };
}

beforeEach(() => {
  calls = [];
  routes = {
    "GET /api/admin/files": () => json(200, { files }),
    "GET /api/admin/files/stats": () => json(200, stats),
    "GET /api/admin/document-requests": () => json(200, { requests: [] }),
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const url = new URL(path, "http://localhost");
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, query: url.searchParams, body });
      const handler = routes[`${method} ${url.pathname}`];
      if (!handler) throw new Error(`Unexpected request ${method} ${url.pathname}`);
      const answer = await handler(url, init);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  // Only this file's spies: the console.error spy of the test setup must stay until its check.
  anchorClick?.mockRestore();
  anchorClick = undefined;
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

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
  return screen.getByText(title).closest("div") as HTMLElement;
}

function filesCalls() {
  return calls.filter((c) => c.path === "/api/admin/files");
}

describe("FilesTab: the list", () => {
  it("says 'Loading files...', then shows the cards and each file's details", async () => {
    render(<FilesTab buildings={buildings} />);
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
    routes["GET /api/admin/files/stats"] = () => json(500, { message: "boom" });
    render(<FilesTab buildings={buildings} />);
    expect(await screen.findByText("leak-photo.pdf")).toBeInTheDocument();
    await waitFor(() => expect(within(card("Total Files")).getByText("—")).toBeInTheDocument());
    expect(within(card("Storage Used")).getByText("—")).toBeInTheDocument();
  });

  it("says 'No files found matching your criteria' when there are none", async () => {
    routes["GET /api/admin/files"] = () => json(200, { files: [] });
    render(<FilesTab buildings={buildings} />);
    expect(await screen.findByText("No files found matching your criteria")).toBeInTheDocument();
  });

  it("shows 'Error Loading Files' with the status, and Try Again loads again", async () => {
    let fail = true;
    routes["GET /api/admin/files"] = () =>
      fail ? json(503, { message: "Service unavailable" }) : json(200, { files });
    render(<FilesTab buildings={buildings} />);
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
    routes["GET /api/admin/files"] = () => {
      throw new TypeError("Failed to fetch");
    };
    // The stub's own throw is what fetch does offline; apiRequest turns it into status 0.
    render(<FilesTab buildings={buildings} />);
    expect(await screen.findByText("Error Loading Files")).toBeInTheDocument();
    expect(screen.getByText(/Server connection failed/)).toBeInTheDocument();
  });
});

describe("FilesTab: search and category", () => {
  it("asks without a query, then with the category (none for 'all') and the tenant search", async () => {
    const user = userEvent.setup();
    render(<FilesTab buildings={buildings} />);
    await screen.findByText("leak-photo.pdf");
    expect(filesCalls()).toHaveLength(1);
    expect(filesCalls()[0]!.query.toString()).toBe("");

    await user.selectOptions(screen.getByLabelText("Category"), "lease");
    await waitFor(() => expect(filesCalls().at(-1)!.query.get("category")).toBe("lease"));

    const search = screen.getByRole("searchbox", { name: "Search by tenant name or email..." });
    expect(search).toHaveAttribute("placeholder", "Search by tenant name or email...");
    await user.type(search, "ann@ex");
    // Debounced: one request for the whole word, not one per key.
    await waitFor(() => expect(filesCalls().at(-1)!.query.get("tenant")).toBe("ann@ex"));
    expect(filesCalls().filter((c) => c.query.has("tenant"))).toHaveLength(1);
    expect(filesCalls().at(-1)!.query.get("category")).toBe("lease");

    await user.selectOptions(screen.getByLabelText("Category"), "all");
    await waitFor(() => expect(filesCalls().at(-1)!.query.has("category")).toBe(false));
    expect(filesCalls().at(-1)!.query.get("tenant")).toBe("ann@ex");
  });
});

describe("FilesTab: download", () => {
  it("shows 'Downloading...' while busy, then opens the download link", async () => {
    let release: (answer: { status: number; body: unknown }) => void = () => {};
    routes["GET /api/admin/files/f1/download"] = () =>
      new Promise((resolve) => {
        release = resolve;
      });
    const clicked: string[] = [];
    anchorClick = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute("href")} as ${this.download}`);
    });
    render(<FilesTab buildings={buildings} />);
    const button = await screen.findByRole("button", { name: "Download leak-photo.pdf" });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent("Downloading...");
    expect(screen.getByRole("button", { name: "Download lease.docx" })).toBeEnabled();

    await act(async () =>
      release(
        json(200, { downloadUrl: "/api/files/download/tok123", expiresAt: "2025-01-01T00:05:00Z" }),
      ),
    );
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent("Download");
    expect(clicked).toEqual(["/api/files/download/tok123 as leak-photo.pdf"]);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Failed to download file' when the link cannot be had", async () => {
    routes["GET /api/admin/files/f2/download"] = () =>
      json(404, { error: "not_found", message: "This file no longer exists." });
    render(<FilesTab buildings={buildings} />);
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
    routes["GET /api/admin/document-requests"] = () =>
      json(200, {
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
    render(<FilesTab buildings={buildings} />);
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
    render(<FilesTab buildings={buildings} />);
    expect(await screen.findByText("No document requests yet")).toBeInTheDocument();
  });

  it("offers Try Again when the requests cannot be loaded", async () => {
    let fail = true;
    routes["GET /api/admin/document-requests"] = () =>
      fail ? json(500, { message: "x" }) : json(200, { requests: [sentRequest] });
    render(<FilesTab buildings={buildings} />);
    expect(await screen.findByText("Failed to load document requests.")).toBeInTheDocument();
    fail = false;
    const section = screen.getByRole("region", { name: "Document Requests" });
    await userEvent.click(within(section).getByRole("button", { name: "Try Again" }));
    expect(await within(section).findByText("Ann Tenant")).toBeInTheDocument();
  });
});

describe("FilesTab: Request Documents dialog", () => {
  async function openDialog() {
    const user = userEvent.setup();
    render(<FilesTab buildings={buildings} />);
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
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("sends the request, says so, closes and lists it", async () => {
    routes["POST /api/admin/document-requests"] = () => json(201, sentRequest);
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

    routes["GET /api/admin/document-requests"] = () => json(200, { requests: [sentRequest] });
    await user.click(within(dialog).getByRole("button", { name: "Send Request" }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Document request sent to ann@example.com."),
    );
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      tenantName: "Ann Tenant",
      tenantEmail: "ann@example.com",
      propertyId: 1,
      unit: "2B",
      category: "maintenance",
      maintenanceRequest: "Leaking faucet",
      note: "Two photos, please.",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const list = await screen.findByRole("list", { name: "Document Requests" });
    expect(within(list).getByText("Ann Tenant")).toBeInTheDocument();
  });

  it("clears the unit when the building changes, and drops a hidden maintenance title", async () => {
    routes["POST /api/admin/document-requests"] = () => json(201, sentRequest);
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
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({
      propertyId: 2,
      unit: "",
      category: "lease",
      maintenanceRequest: "",
    });
  });

  it("shows the server's message in the dialog when the request fails", async () => {
    routes["POST /api/admin/document-requests"] = () =>
      json(404, { error: "not_found", message: "Building not found" });
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
