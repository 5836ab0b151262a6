import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import { buildUrl } from "#domain/api/wire";
import english from "#domain/i18n/messages/en/portal.json";
import { createTranslator } from "#domain/i18n/translator";
import { documentUploadMessages, filesMessages, type TenantFile } from "#domain/tenant-files";
import { type Answer, answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { DocumentsSection } from "./documents-section";

const lease: TenantFile = {
  id: "f1",
  filename: "lease-2026.pdf",
  originalName: "Lease 2026.pdf",
  category: "lease",
  size: 2048,
  mime: "application/pdf",
  uploadDate: "2026-03-01T14:00:00.000Z",
  tenant: { name: "Tina Tenant", email: "tina@example.com" },
  property: { id: 7, name: "Elm Court", unit: "2B" },
  maintenanceRequest: null,
  fromOffice: true,
};
const insurance: TenantFile = {
  ...lease,
  id: "f2",
  filename: "insurance.pdf",
  originalName: "Renter insurance.pdf",
  category: "other",
  fromOffice: false,
};

let stored: TenantFile[];
let listCalls: number;
let listAnswer: (() => Answer<typeof tenantPortalApi.listDocuments>) | null;

beforeEach(() => {
  stored = [lease, insurance];
  listCalls = 0;
  listAnswer = null;
  answer(
    handle(tenantPortalApi.listDocuments, () => {
      listCalls += 1;
      return listAnswer ? listAnswer() : { files: stored, nextCursor: null };
    }),
  );
});

const pdf = (name: string) => new File([new Uint8Array(2048)], name, { type: "application/pdf" });

describe("Documents: the list", () => {
  it("lists the tenant's documents, marking those from the office", async () => {
    renderWithQuery(<DocumentsSection />);
    expect(screen.getByText(english["portal.documents.loading"])).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Your documents" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Lease 2026.pdf");
    expect(within(rows[0]!).getByText(english["portal.documents.fromOffice"])).toBeInTheDocument();
    expect(within(rows[1]!).queryByText(english["portal.documents.fromOffice"])).toBeNull();
    expect(rows[1]).toHaveTextContent("2 KB");
  });

  it("downloads a document through the link the server makes for it", async () => {
    const link = buildUrl(tenantFilesApi.download, { token: "tok-9" });
    const asked: string[] = [];
    answer(
      handle(tenantPortalApi.documentLink, ({ params }) => {
        asked.push(params.id);
        return { downloadUrl: link, expiresAt: "2026-03-01T14:05:00.000Z" };
      }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute("href")} as ${this.download}`);
    });
    const user = userEvent.setup();
    renderWithQuery(<DocumentsSection />);
    await user.click(await screen.findByRole("button", { name: "Download Lease 2026.pdf" }));
    await waitFor(() => expect(clicked).toEqual([`${link} as Lease 2026.pdf`]));
    expect(asked).toEqual(["f1"]);
    click.mockRestore();
  });

  it("says when a document cannot be downloaded, in the server's words", async () => {
    answer(handle(tenantPortalApi.documentLink, () => refuse(404, filesMessages.fileNotFound)));
    const user = userEvent.setup();
    renderWithQuery(<DocumentsSection />);
    await user.click(await screen.findByRole("button", { name: "Download Lease 2026.pdf" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `${english["portal.documents.downloadFailed"]} ${filesMessages.fileNotFound}`,
    );
  });

  it("says it in Spanish on the Spanish portal, the server's words included", async () => {
    answer(handle(tenantPortalApi.documentLink, () => refuse(404, filesMessages.fileNotFound)));
    const spanish = createTranslator(
      "es",
      messagesFor("es", ["common", "form", "portal", "upload"]),
    );
    const user = userEvent.setup();
    renderWithQuery(
      <I18nProvider translator={spanish}>
        <DocumentsSection />
      </I18nProvider>,
    );
    const row = (await screen.findByRole("heading", { name: "Lease 2026.pdf" })).closest("li")!;
    expect(within(row).getByText("De la oficina")).toBeInTheDocument();
    expect(within(row).getByText("Contrato de arrendamiento")).toBeInTheDocument();
    expect(within(row).getByText("2 KB · 1 mar 2026")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Descargar Lease 2026.pdf" }));
    expect(await within(row).findByRole("alert")).toHaveTextContent(
      "No se pudo descargar el documento. Este archivo ya no existe.",
    );
  });

  it("says when there are no documents yet", async () => {
    stored = [];
    renderWithQuery(<DocumentsSection />);
    expect(
      await screen.findByRole("heading", { name: english["portal.documents.none"] }),
    ).toBeInTheDocument();
  });

  it("says the list failed, and loads it again on Try Again", async () => {
    listAnswer = () => networkFailure;
    const user = userEvent.setup();
    renderWithQuery(<DocumentsSection />);
    expect(
      await screen.findByRole("heading", { name: english["portal.documents.failed"] }),
    ).toBeInTheDocument();
    listAnswer = null;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("list", { name: "Your documents" })).toBeInTheDocument();
  });
});

describe("Documents: sending the office a document", () => {
  it("sends the category and the files in one request, then lists them", async () => {
    const sent: [string, string][][] = [];
    const received: TenantFile = { ...insurance, id: "f3", originalName: "Pay stub.pdf" };
    answer(
      handle(tenantFilesApi.tenantUpload, async ({ request }) => {
        const body = await request.formData();
        sent.push(
          [...body.entries()].map(([name, value]) => [
            name,
            typeof value === "string" ? value : value.type,
          ]),
        );
        stored = [received, ...stored];
        return { status: 201, body: { files: [received] } };
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(<DocumentsSection />);
    await screen.findByRole("list", { name: "Your documents" });
    await user.selectOptions(screen.getByLabelText("What is it?"), "Lease");
    await user.upload(screen.getByLabelText("Choose files"), [pdf("a.pdf"), pdf("b.pdf")]);
    const chosen = screen.getByRole("list", { name: "Chosen files" });
    expect(within(chosen).getAllByRole("listitem")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Send documents" }));

    const done = await screen.findByText(english["portal.documents.sent"]);
    await waitFor(() => expect(done.closest("[role=status]")).toHaveFocus());
    expect(sent).toEqual([
      [
        ["category", "lease"],
        ["file", "application/pdf"],
        ["file", "application/pdf"],
      ],
    ]);
    expect(await screen.findByText("Pay stub.pdf")).toBeInTheDocument();
    expect(listCalls).toBe(2);
    expect(screen.queryByRole("list", { name: "Chosen files" })).toBeNull();
  });

  it("asks for a file before sending anything", async () => {
    const user = userEvent.setup();
    renderWithQuery(<DocumentsSection />);
    await screen.findByRole("list", { name: "Your documents" });
    await user.click(screen.getByRole("button", { name: "Send documents" }));
    expect(screen.getByRole("alert")).toHaveTextContent(documentUploadMessages.noFile);
    expect(screen.getByLabelText("Choose files")).toHaveFocus();
  });

  it("says a kind of file the server refuses (415) beside the files", async () => {
    answer(
      handle(tenantFilesApi.tenantUpload, () => ({
        status: 415,
        body: { error: "unsupported_media_type", message: filesMessages.wrongType },
      })),
    );
    const user = userEvent.setup();
    renderWithQuery(<DocumentsSection />);
    await screen.findByRole("list", { name: "Your documents" });
    await user.upload(screen.getByLabelText("Choose files"), pdf("a.pdf"));
    await user.click(screen.getByRole("button", { name: "Send documents" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(filesMessages.wrongType);
  });
});
