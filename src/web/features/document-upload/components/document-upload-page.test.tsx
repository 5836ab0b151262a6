import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { site } from "#domain/site";
import { filesMessages, type UploadRequestInfo } from "#domain/tenant-files";
import { DocumentUploadPage } from "./document-upload-page";

/** XMLHttpRequest at the network boundary: each upload waits until the test answers it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = "";
  responseType = "";
  url = "";
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  get file() {
    return this.body?.get("files") as File;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

const info: UploadRequestInfo = {
  tenantName: "Ann Tenant",
  propertyName: "Maple Court",
  unit: "2B",
  category: "maintenance",
  maintenanceRequest: "Leaking faucet",
  note: "Photos of the sink, please.",
  expiresAt: "2025-03-15T15:00:00.000Z",
  filesReceived: [],
};

let infoAnswers: { status: number; body: unknown }[];
let infoCalls: string[];

beforeEach(() => {
  FakeXhr.sent = [];
  infoCalls = [];
  infoAnswers = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      infoCalls.push(path);
      if (!path.startsWith("/api/upload-requests/")) throw new Error(`Unexpected request ${path}`);
      const answer = infoAnswers.length > 1 ? infoAnswers.shift()! : infoAnswers[0]!;
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function pdf(name: string, bytes = 2048) {
  return new File([new Uint8Array(bytes)], name, { type: "application/pdf" });
}

describe("/upload/:token: the link", () => {
  it("loads the request for its token, then greets the tenant with what the office asks for", async () => {
    infoAnswers = [{ status: 200, body: info }];
    render(<DocumentUploadPage token="abc123" />);
    expect(screen.getByRole("heading", { name: "Upload Documents", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Loading your upload request...")).toBeInTheDocument();

    expect(await screen.findByRole("heading", { name: "Hello Ann Tenant" })).toBeInTheDocument();
    expect(infoCalls).toEqual(["/api/upload-requests/abc123"]);
    expect(screen.getByText("Maintenance")).toBeInTheDocument();
    expect(screen.getByText("Maple Court")).toBeInTheDocument();
    expect(screen.getByText("2B")).toBeInTheDocument();
    expect(screen.getByText("Leaking faucet")).toBeInTheDocument();
    expect(screen.getByText("Photos of the sink, please.")).toBeInTheDocument();
    expect(screen.getByText("This link is valid until Mar 15, 2025")).toBeInTheDocument();
    expect(
      screen.getByText("PDF, JPEG, PNG, WebP, HEIC or DOCX, up to 20MB each"),
    ).toBeInTheDocument();
    const input = screen.getByLabelText("Choose files");
    expect(input).toHaveAttribute("type", "file");
    expect(input).toHaveAttribute("multiple");
    expect(input.getAttribute("accept")).toContain("application/pdf");
  });

  it("says an unknown link is not valid, with the office's phone and e-mail", async () => {
    infoAnswers = [
      { status: 404, body: { error: "not_found", message: filesMessages.linkInvalid } },
    ];
    render(<DocumentUploadPage token="nope" />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(filesMessages.linkInvalid);
    expect(within(alert).getByRole("link", { name: site.phone })).toHaveAttribute(
      "href",
      site.phoneHref,
    );
    expect(within(alert).getByRole("link", { name: site.email })).toHaveAttribute(
      "href",
      `mailto:${site.email}`,
    );
    expect(screen.queryByLabelText("Choose files")).not.toBeInTheDocument();
  });

  it("says an expired link has expired, with the office's phone and e-mail", async () => {
    infoAnswers = [{ status: 410, body: { error: "gone", message: filesMessages.linkExpired } }];
    render(<DocumentUploadPage token="old" />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(filesMessages.linkExpired);
    expect(within(alert).getByRole("link", { name: site.phone })).toBeInTheDocument();
  });

  it("offers Try Again when the request cannot be read", async () => {
    infoAnswers = [
      { status: 500, body: { error: "internal", message: "Internal Server Error" } },
      { status: 200, body: info },
    ];
    render(<DocumentUploadPage token="abc123" />);
    const alert = await screen.findByRole("alert");
    expect(alert).not.toHaveTextContent("Internal Server Error");
    await userEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "Hello Ann Tenant" })).toBeInTheDocument();
  });
});

describe("/upload/:token: uploading", () => {
  it("uploads each file alone with its progress, goes on after a failure, then confirms", async () => {
    const received = { originalName: "sink.pdf", size: 2048, uploadDate: "2025-03-02T15:00:00Z" };
    infoAnswers = [
      { status: 200, body: info },
      { status: 200, body: { ...info, filesReceived: [received] } },
    ];
    const user = userEvent.setup();
    render(<DocumentUploadPage token="abc123" />);
    const input = await screen.findByLabelText("Choose files");
    await user.upload(input, [pdf("bad.pdf"), pdf("sink.pdf")]);

    const rows = screen.getByRole("list", { name: "Your uploads" });
    expect(within(rows).getByText("bad.pdf")).toBeInTheDocument();
    expect(within(rows).getAllByText("2 KB")).toHaveLength(2);
    // One at a time: the second waits for the first.
    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0]!.url).toBe("/api/upload-requests/abc123/files");
    expect(FakeXhr.sent[0]!.file.name).toBe("bad.pdf");
    expect(within(rows).getByText("Waiting...")).toBeInTheDocument();

    FakeXhr.sent[0]!.progress(512, 2048);
    expect(screen.getByRole("progressbar", { name: "bad.pdf" })).toHaveAttribute(
      "aria-valuenow",
      "25",
    );
    FakeXhr.sent[0]!.respond(415, {
      error: "unsupported_media_type",
      message: filesMessages.wrongType,
    });
    expect(await within(rows).findByText(filesMessages.wrongType)).toBeInTheDocument();
    expect(screen.queryByText(filesMessages.uploadReceived)).not.toBeInTheDocument();

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.file.name).toBe("sink.pdf");
    FakeXhr.sent[1]!.progress(1024, 2048);
    expect(screen.getByRole("progressbar", { name: "sink.pdf" })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );
    FakeXhr.sent[1]!.respond(201, { files: [received] });

    expect(await within(rows).findByText("Uploaded")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    const confirmation = screen.getByText(filesMessages.uploadReceived);
    expect(confirmation.closest("[role=status]")).not.toBeNull();
    const receivedList = await screen.findByRole("region", { name: "Files received" });
    expect(within(receivedList).getByText("sink.pdf")).toBeInTheDocument();
    expect(within(receivedList).getByText("2 KB · Mar 02, 2025")).toBeInTheDocument();
    expect(infoCalls).toHaveLength(2);
  });

  it("refuses a file over 20MB before sending it", async () => {
    infoAnswers = [{ status: 200, body: info }];
    const user = userEvent.setup();
    render(<DocumentUploadPage token="abc123" />);
    const input = await screen.findByLabelText("Choose files");
    const huge = pdf("scan.pdf", 1);
    Object.defineProperty(huge, "size", { value: 21 * 1024 * 1024 });
    await user.upload(input, huge);
    const rows = screen.getByRole("list", { name: "Your uploads" });
    expect(within(rows).getByText(filesMessages.tooBig)).toBeInTheDocument();
    expect(within(rows).getByText("21 MB")).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("takes files dropped on the zone", async () => {
    infoAnswers = [{ status: 200, body: info }];
    render(<DocumentUploadPage token="abc123" />);
    const zone = (await screen.findByRole("group", { name: "Files to upload" })) as HTMLElement;
    const dropped = pdf("lease.pdf");
    const dataTransfer = { files: [dropped], dropEffect: "none" };
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    expect(
      within(screen.getByRole("list", { name: "Your uploads" })).getByText("lease.pdf"),
    ).toBeInTheDocument();
    expect(FakeXhr.sent[0]!.file.name).toBe("lease.pdf");
  });

  it("shows the connection message when the network fails during an upload", async () => {
    infoAnswers = [{ status: 200, body: info }];
    const user = userEvent.setup();
    render(<DocumentUploadPage token="abc123" />);
    await user.upload(await screen.findByLabelText("Choose files"), pdf("a.pdf"));
    act(() => FakeXhr.sent[0]!.onerror?.());
    expect(await screen.findByText(/Server connection failed/)).toBeInTheDocument();
  });
});
