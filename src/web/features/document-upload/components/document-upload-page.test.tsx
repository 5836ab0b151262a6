import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { createTranslator } from "#domain/i18n/translator";
import { site } from "#domain/site";
import { filesMessages, type UploadRequestInfo } from "#domain/tenant-files";
import { type Answer, answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { proxyAnswer } from "#tests/support/proxy-answer";
import { recordUploadProgress } from "#tests/support/upload-progress";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { namespaces } from "#web/i18n/namespaces";
import { QueryProvider, queryClient } from "#web/lib/query";
import { DocumentUploadPage } from "./document-upload-page";

type InfoAnswer = Answer<typeof tenantFilesApi.uploadRequest>;
type UploadAnswer = Answer<typeof tenantFilesApi.uploadThroughRequest>;

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

const received = { originalName: "sink.pdf", size: 2048, uploadDate: "2025-03-02T15:00:00Z" };

/** The tokens the page asked about, in order. */
let infoCalls: string[];

/** Answers the request's reading with these answers in turn, the last one from then on. */
function serveInfo(...answers: InfoAnswer[]) {
  answer(
    handle(tenantFilesApi.uploadRequest, ({ params }) => {
      infoCalls.push(params.token);
      return answers.length > 1 ? answers.shift()! : answers[0]!;
    }),
  );
}

/** Uploads wait until the test answers them, one by one. */
function holdUploads() {
  const held: { token: string; respond(answer: UploadAnswer): void }[] = [];
  answer(
    handle(
      tenantFilesApi.uploadThroughRequest,
      ({ params }) =>
        new Promise<UploadAnswer>((respond) => held.push({ token: params.token, respond })),
    ),
  );
  return held;
}

let progress: ReturnType<typeof recordUploadProgress>;

beforeEach(() => {
  infoCalls = [];
  // The page's cache lives as long as the tab: each test starts with an empty one.
  queryClient().clear();
  progress = recordUploadProgress();
});

afterEach(() => progress.stop());

function renderPage(token = "abc123") {
  render(
    <QueryProvider>
      <DocumentUploadPage token={token} />
    </QueryProvider>,
  );
}

/** The Spanish page (/es/upload/:token) with every Spanish catalogue, as its loaders send. */
const spanish = createTranslator("es", messagesFor("es", namespaces));

function renderSpanishPage(token = "abc123") {
  render(
    <I18nProvider translator={spanish}>
      <QueryProvider>
        <DocumentUploadPage token={token} />
      </QueryProvider>
    </I18nProvider>,
  );
}

function pdf(name: string, bytes = 2048) {
  return new File([new Uint8Array(bytes)], name, { type: "application/pdf" });
}

describe("/upload/:token: the link", () => {
  it("loads the request for its token, then greets the tenant with what the office asks for", async () => {
    serveInfo(info);
    renderPage();
    expect(screen.getByRole("heading", { name: "Upload Documents", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Loading your upload request...")).toBeInTheDocument();

    expect(await screen.findByRole("heading", { name: "Hello Ann Tenant" })).toBeInTheDocument();
    expect(infoCalls).toEqual(["abc123"]);
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
    serveInfo(refuse(404, filesMessages.linkInvalid));
    renderPage("nope");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Link Not Valid");
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
    expect(screen.queryByRole("button", { name: "Try Again" })).not.toBeInTheDocument();
  });

  it("says an expired link has expired, with the office's phone and e-mail", async () => {
    serveInfo(refuse(410, filesMessages.linkExpired));
    renderPage("old");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Link Expired");
    expect(alert).toHaveTextContent(filesMessages.linkExpired);
    expect(within(alert).getByRole("link", { name: site.phone })).toBeInTheDocument();
  });

  it("offers Try Again when the request cannot be read, and reads it only when asked", async () => {
    serveInfo(refuse(503, "The database is not reachable."), info);
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Unable to Load Your Upload Request");
    // A server failure's own words are not the tenant's business.
    expect(alert).not.toHaveTextContent("The database is not reachable.");
    expect(alert).toHaveTextContent("Something went wrong on our side. Please try again.");
    expect(infoCalls).toHaveLength(1);

    await userEvent.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "Hello Ann Tenant" })).toBeInTheDocument();
    expect(infoCalls).toHaveLength(2);
  });

  it("shows the connection message when the network is down", async () => {
    serveInfo(networkFailure);
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent(/Server connection failed/);
  });
});

describe("/upload/:token: uploading", () => {
  it("uploads each file alone with its progress, goes on after a failure, then confirms", async () => {
    serveInfo(info, { ...info, filesReceived: [received] });
    const uploads = holdUploads();
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByLabelText("Choose files");
    await user.upload(input, [pdf("bad.pdf"), pdf("sink.pdf")]);

    const rows = screen.getByRole("list", { name: "Your uploads" });
    expect(within(rows).getByText("bad.pdf")).toBeInTheDocument();
    expect(within(rows).getAllByText("2 KB")).toHaveLength(2);
    // One at a time, through the link's token: the second waits for the first.
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.token).toBe("abc123");
    expect(within(rows).getByText("Waiting...")).toBeInTheDocument();

    act(() => progress.uploads[0]!.progress(512, 2048));
    expect(screen.getByRole("progressbar", { name: "bad.pdf" })).toHaveAttribute(
      "aria-valuenow",
      "25",
    );
    uploads[0]!.respond(refuse(415, filesMessages.wrongType));
    expect(await within(rows).findByText(filesMessages.wrongType)).toBeInTheDocument();
    expect(screen.queryByText(filesMessages.uploadReceived)).not.toBeInTheDocument();

    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => progress.uploads[1]!.progress(1024, 2048));
    expect(screen.getByRole("progressbar", { name: "sink.pdf" })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );
    uploads[1]!.respond({ status: 201, body: { files: [received] } });

    expect(await within(rows).findByText("Uploaded")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    const confirmation = screen.getByText(filesMessages.uploadReceived);
    expect(confirmation.closest("[role=status]")).not.toBeNull();
    const receivedList = await screen.findByRole("region", { name: "Files received" });
    expect(within(receivedList).getByText("sink.pdf")).toBeInTheDocument();
    expect(within(receivedList).getByText("2 KB · Mar 02, 2025")).toBeInTheDocument();
    // The office's list is read again after the upload that succeeded, not after the failure.
    await waitFor(() => expect(infoCalls).toHaveLength(2));
    expect(within(receivedList).getAllByText("sink.pdf")).toHaveLength(1);
  });

  it("shows a received file from the upload's answer when the list cannot be read again", async () => {
    serveInfo(info, refuse(503, "The database is not reachable."));
    const uploads = holdUploads();
    const user = userEvent.setup();
    renderPage();
    await user.upload(await screen.findByLabelText("Choose files"), pdf("sink.pdf"));
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.respond({ status: 201, body: { files: [received] } });

    const receivedList = await screen.findByRole("region", { name: "Files received" });
    await waitFor(() => expect(infoCalls).toHaveLength(2));
    expect(within(receivedList).getByText("sink.pdf")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByText(filesMessages.uploadReceived)).toBeInTheDocument();
  });

  it("says a file is too big when a proxy refuses it with a page of its own", async () => {
    serveInfo(info);
    answer(proxyAnswer(tenantFilesApi.uploadThroughRequest, 413));
    const user = userEvent.setup();
    renderPage();
    await user.upload(await screen.findByLabelText("Choose files"), pdf("scan.pdf"));
    const rows = screen.getByRole("list", { name: "Your uploads" });
    expect(await within(rows).findByText(filesMessages.tooBig)).toBeInTheDocument();
  });

  it("refuses a file over 20MB before sending it", async () => {
    serveInfo(info);
    const uploads = holdUploads();
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByLabelText("Choose files");
    const huge = pdf("scan.pdf", 1);
    Object.defineProperty(huge, "size", { value: 21 * 1024 * 1024 });
    await user.upload(input, huge);
    const rows = screen.getByRole("list", { name: "Your uploads" });
    expect(within(rows).getByText(filesMessages.tooBig)).toBeInTheDocument();
    expect(within(rows).getByText("21 MB")).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    expect(progress.uploads).toHaveLength(0);
  });

  it("takes files dropped on the zone", async () => {
    serveInfo(info);
    const uploads = holdUploads();
    renderPage();
    const zone = (await screen.findByRole("group", { name: "Files to upload" })) as HTMLElement;
    const dropped = pdf("lease.pdf");
    const dataTransfer = { files: [dropped], dropEffect: "none" };
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    const rows = screen.getByRole("list", { name: "Your uploads" });
    expect(within(rows).getByText("lease.pdf")).toBeInTheDocument();
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(within(rows).getByRole("progressbar", { name: "lease.pdf" })).toBeInTheDocument();
  });

  it("shows the connection message when the network fails during an upload", async () => {
    serveInfo(info);
    answer(handle(tenantFilesApi.uploadThroughRequest, () => networkFailure));
    const user = userEvent.setup();
    renderPage();
    await user.upload(await screen.findByLabelText("Choose files"), pdf("a.pdf"));
    expect(await screen.findByText(/Server connection failed/)).toBeInTheDocument();
  });
});

describe("/es/upload/:token: in Spanish", () => {
  it("greets the tenant and says what the office asks for, in Spanish", async () => {
    serveInfo(info);
    renderSpanishPage();
    expect(screen.getByRole("heading", { name: "Subir documentos", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Cargando su solicitud de documentos...")).toBeInTheDocument();

    expect(await screen.findByRole("heading", { name: "Hola, Ann Tenant" })).toBeInTheDocument();
    expect(screen.getByText("La oficina le ha pedido que suba documentos:")).toBeInTheDocument();
    expect(screen.getByText("Documentos")).toBeInTheDocument();
    expect(screen.getByText("Mantenimiento")).toBeInTheDocument();
    expect(screen.getByText("Edificio")).toBeInTheDocument();
    expect(screen.getByText("Unidad")).toBeInTheDocument();
    expect(screen.getByText("Solicitud de mantenimiento")).toBeInTheDocument();
    // Staff's own words stay as they wrote them.
    expect(screen.getByText("Leaking faucet")).toBeInTheDocument();
    expect(screen.getByText("Una nota de la oficina")).toBeInTheDocument();
    expect(
      screen.getByText("Este enlace es válido hasta el 15 de marzo de 2025"),
    ).toBeInTheDocument();
    expect(
      screen.getByText("PDF, JPEG, PNG, WebP, HEIC o DOCX, de hasta 20 MB cada uno"),
    ).toBeInTheDocument();
    expect(screen.getByText("Arrastre y suelte sus archivos aquí, o")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Archivos para subir" })).toBeInTheDocument();
    expect(screen.getByLabelText("Elegir archivos")).toHaveAttribute("type", "file");
  });

  it.each([
    [404, filesMessages.linkInvalid, "Enlace no válido", "form.files.linkInvalid"],
    [410, filesMessages.linkExpired, "Enlace vencido", "form.files.linkExpired"],
  ])(
    "says a refused link (%i) in Spanish, with the office's phone",
    async (status, text, title, id) => {
      serveInfo(refuse(status, text));
      renderSpanishPage("old");
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent(title);
      expect(alert).toHaveTextContent(spanish.t(id));
      expect(alert).not.toHaveTextContent(text);
      expect(within(alert).getByRole("link", { name: site.phone })).toBeInTheDocument();
    },
  );

  it("offers Intentar de nuevo when the request cannot be read", async () => {
    serveInfo(refuse(503, "The database is not reachable."), info);
    renderSpanishPage();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("No se pudo cargar su solicitud de documentos");
    expect(alert).toHaveTextContent(spanish.t("form.server.internal"));
    await userEvent.click(within(alert).getByRole("button", { name: "Intentar de nuevo" }));
    expect(await screen.findByRole("heading", { name: "Hola, Ann Tenant" })).toBeInTheDocument();
  });

  it("says a network failure in Spanish", async () => {
    serveInfo(networkFailure);
    renderSpanishPage();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      spanish.t("form.client.connectionFailed"),
    );
  });

  it("uploads with Spanish progress, refusals and confirmation", async () => {
    serveInfo(info, { ...info, filesReceived: [received] });
    const uploads = holdUploads();
    const user = userEvent.setup();
    renderSpanishPage();
    const input = await screen.findByLabelText("Elegir archivos");
    const huge = pdf("scan.pdf", 1);
    Object.defineProperty(huge, "size", { value: 21 * 1024 * 1024 });
    await user.upload(input, [huge, pdf("bad.pdf"), pdf("sink.pdf")]);

    const rows = screen.getByRole("list", { name: "Sus archivos" });
    expect(within(rows).getByText(spanish.t("form.files.tooBig"))).toBeInTheDocument();
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(within(rows).getByText("En espera...")).toBeInTheDocument();
    uploads[0]!.respond(refuse(415, filesMessages.wrongType));
    expect(await within(rows).findByText(spanish.t("form.files.wrongType"))).toBeInTheDocument();
    expect(within(rows).queryByText(filesMessages.wrongType)).not.toBeInTheDocument();

    await waitFor(() => expect(uploads).toHaveLength(2));
    uploads[1]!.respond({ status: 201, body: { files: [received] } });
    expect(await within(rows).findByText("Subido")).toBeInTheDocument();
    expect(screen.getByText("¡Gracias! La oficina recibió su archivo.")).toBeInTheDocument();
    const receivedList = await screen.findByRole("region", { name: "Archivos recibidos" });
    expect(within(receivedList).getByText("2 KB · 2 mar 2025")).toBeInTheDocument();
  });
});
