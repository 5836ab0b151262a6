import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { maintenanceStaffMessages, type Tenant } from "#domain/maintenance";
import type { TenantFile } from "#domain/tenant-files";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { tenantsHandler } from "../tenants/test-support";
import { FilesTab } from "./files-tab";

const ann: Tenant = {
  id: "t1",
  name: "Ann Lee",
  email: "ann@example.com",
  unit: { id: 12, unitNumber: "3C", propertyId: 1, propertyName: "Maple Court" },
  invitedAt: "2026-03-01T12:00:00.000Z",
  lastSignInAt: null,
  language: "en",
};

const lease: TenantFile = {
  id: "f9",
  filename: "f9.pdf",
  originalName: "lease-2026.pdf",
  category: "lease",
  size: 2048,
  mime: "application/pdf",
  uploadDate: "2026-03-02T12:00:00.000Z",
  tenant: { name: "Ann Lee", email: "ann@example.com" },
  property: { id: 1, name: "Maple Court", unit: "3C" },
  maintenanceRequest: null,
  fromOffice: true,
};

let files: TenantFile[];
let tenantCalls: number;

beforeEach(() => {
  files = [];
  tenantCalls = 0;
  answer(
    handle(tenantFilesApi.list, () => ({ files, nextCursor: null })),
    handle(tenantFilesApi.stats, () => ({
      totalFiles: files.length,
      totalSize: "0 Bytes",
      totalBytes: 0,
      categoryCounts: { maintenance: 0, lease: files.length, property: 0, other: 0 },
      recentUploads: 0,
    })),
    handle(tenantFilesApi.listRequests, () => ({ requests: [] })),
    tenantsHandler(
      () => [ann],
      () => {
        tenantCalls += 1;
      },
    ),
  );
});

afterEach(() => {
  toast.dismiss();
});

const pdf = (name: string) => new File([new Uint8Array(1024)], name, { type: "application/pdf" });

/** The multipart body's text fields in order, and the names of its file parts. */
async function partsOf(request: Request) {
  const fields: [string, string][] = [];
  const fileParts: string[] = [];
  for (const [key, value] of (await request.formData()).entries()) {
    if (typeof value === "string") fields.push([key, value]);
    else fileParts.push(key);
  }
  return { fields, fileParts };
}

describe("Share a document", () => {
  it("loads the tenants only when opened, checks the choices, sends the files and lists them as shared", async () => {
    const user = userEvent.setup();
    const sent: { id: string; parts: Awaited<ReturnType<typeof partsOf>> }[] = [];
    answer(
      handle(adminMaintenanceApi.shareDocument, async ({ params, request }) => {
        sent.push({ id: params.id, parts: await partsOf(request) });
        files = [lease];
        return { status: 201, body: { files: [lease] } };
      }),
    );
    renderWithQuery(
      <>
        <FilesTab />
        <Toaster />
      </>,
    );
    await screen.findByText("No files found matching your criteria");
    expect(tenantCalls).toBe(0);

    const opener = screen.getByRole("button", { name: "Share a document" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Share a document" });
    const tenant = within(dialog).getByLabelText("Tenant");
    await within(dialog).findByRole("option", {
      name: "Ann Lee (ann@example.com), Unit 3C, Maple Court",
    });

    await user.click(within(dialog).getByRole("button", { name: "Share" }));
    expect(within(dialog).getByText(maintenanceStaffMessages.chooseTenant)).toBeInTheDocument();
    expect(within(dialog).getByText(maintenanceStaffMessages.chooseFiles)).toBeInTheDocument();

    await user.selectOptions(tenant, "t1");
    await user.selectOptions(within(dialog).getByLabelText("Category"), "Lease");
    await user.upload(within(dialog).getByLabelText("Documents"), [
      pdf("lease-2026.pdf"),
      pdf("rules.pdf"),
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Share" }));

    expect(await screen.findByText(maintenanceStaffMessages.shared("Ann Lee"))).toBeInTheDocument();
    expect(sent).toEqual([
      { id: "t1", parts: { fields: [["category", "lease"]], fileParts: ["file", "file"] } },
    ]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    // The upload's invalidation refetches the list: the office's file carries its marker.
    const list = await screen.findByRole("list", { name: "Files" });
    const [row] = within(list).getAllByRole("listitem");
    expect(within(row!).getByText(maintenanceStaffMessages.sharedMarker)).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const user = userEvent.setup();
    answer(
      handle(adminMaintenanceApi.shareDocument, () =>
        refuse(415, "Only PDF, JPEG, PNG, WebP, HEIC, DOCX files can be uploaded."),
      ),
    );
    renderWithQuery(<FilesTab />);
    await user.click(screen.getByRole("button", { name: "Share a document" }));
    const dialog = screen.getByRole("dialog");
    await within(dialog).findByRole("option", { name: /^Ann Lee/ });
    await user.selectOptions(within(dialog).getByLabelText("Tenant"), "t1");
    await user.upload(within(dialog).getByLabelText("Documents"), pdf("notice.pdf"));
    await user.click(within(dialog).getByRole("button", { name: "Share" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent(maintenanceStaffMessages.shareFailed);
    expect(alert).toHaveTextContent("Only PDF, JPEG, PNG, WebP, HEIC, DOCX files can be uploaded.");
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Share" })).toBeEnabled(),
    );
  });

  it("with more tenants than the picker lists, finds one by name and keeps the choice while searching", async () => {
    const user = userEvent.setup();
    const many: Tenant[] = Array.from({ length: 60 }, (_, i) => ({
      ...ann,
      id: `t${i + 2}`,
      name: `Tenant ${i + 2}`,
      email: `tenant-${String(i + 2).padStart(2, "0")}@example.com`,
    }));
    answer(tenantsHandler(() => [ann, ...many]));
    renderWithQuery(<FilesTab />);
    await user.click(screen.getByRole("button", { name: "Share a document" }));
    const dialog = screen.getByRole("dialog");
    const finder = await within(dialog).findByLabelText("Find a tenant");
    expect(dialog).toHaveTextContent("The first 50 of 61 tenants by address");
    const picker = within(dialog).getByLabelText("Tenant");
    expect(within(picker).getAllByRole("option")).toHaveLength(51); // "Choose a tenant" and 50

    await user.selectOptions(picker, "t1");
    await user.type(finder, "tenant 61");
    await within(dialog).findByText("1 tenant matches.");
    // The tenant found, and the one already chosen (not among the words) still there.
    const options = within(picker)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options).toEqual([
      "Choose a tenant",
      "Ann Lee (ann@example.com), Unit 3C, Maple Court",
      "Tenant 61 (tenant-61@example.com), Unit 3C, Maple Court",
    ]);
    expect(picker).toHaveValue("t1");

    await user.clear(finder);
    await user.type(finder, "nobody");
    await within(dialog).findByText("0 tenants match.");
  });
});
