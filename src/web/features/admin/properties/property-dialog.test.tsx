import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { useState } from "react";
import { Toaster, toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type AdminProperty, adminMessages } from "#domain/admin";
import { PropertyDialog } from "./property-dialog";
import { imageFile, sampleImage, sampleProperty, stubFetch, stubUploads } from "./test-support";

afterEach(() => {
  // Sonner keeps its toasts between renders: dismissed ones are not shown to the next test.
  toast.dismiss();
  vi.unstubAllGlobals();
});

function Harness({
  property,
  onChanged,
}: {
  property: AdminProperty | null;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <PropertyDialog
        open={open}
        onOpenChange={setOpen}
        property={property}
        userId="admin-1"
        onChanged={onChanged}
      />
      <Toaster />
    </>
  );
}

function renderDialog(property: AdminProperty | null = null) {
  const onChanged = vi.fn();
  render(<Harness property={property} onChanged={onChanged} />);
  const dialog = screen.getByRole("dialog", {
    name: property ? "Edit Building" : "Add New Building",
  });
  return { onChanged, dialog };
}

/** Replaces a field's text (pasting keeps the long inputs fast). */
async function fill(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) {
    await user.click(field);
    await user.paste(value);
  }
}

const alertText = () => within(screen.getByRole("dialog")).getByRole("alert").textContent;

describe("PropertyDialog", () => {
  it("checks a new building in the spec's order, one message at a time", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(({ body }) => ({
      status: 201,
      body: sampleProperty(7, body as Partial<AdminProperty>),
    }));
    const { onChanged } = renderDialog();
    const submit = () => user.click(screen.getByRole("button", { name: "Add Building" }));

    await submit();
    expect(alertText()).toBe(adminMessages.propertyRequired);

    await fill(user, "Title", "x".repeat(201));
    await user.selectOptions(screen.getByLabelText("Property Type"), "condo");
    await fill(user, "Address", "a".repeat(501));
    await fill(user, "City", "c".repeat(101));
    await fill(user, "State", "C");
    await fill(user, "ZIP Code", "061");
    await submit();
    expect(alertText()).toBe(adminMessages.titleLength);
    expect(screen.getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");

    await fill(user, "Title", "Maple Court");
    await submit();
    expect(alertText()).toBe(adminMessages.addressLength);
    await fill(user, "Address", "12 Maple Street");
    await submit();
    expect(alertText()).toBe(adminMessages.cityLength);
    await fill(user, "City", "Hartford");
    await submit();
    expect(alertText()).toBe(adminMessages.stateLength);
    await fill(user, "State", "CT");
    await submit();
    expect(alertText()).toBe(adminMessages.zipLength);
    expect(calls).toEqual([]);

    await fill(user, "ZIP Code", "06103");
    await fill(user, "Year Built", "1962");
    await user.click(screen.getByLabelText("Elevator"));
    await user.click(screen.getByLabelText("Featured"));
    await submit();

    expect(await screen.findByText("Property added successfully!")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/admin/properties",
      body: {
        title: "Maple Court",
        type: "condo",
        address: "12 Maple Street",
        city: "Hartford",
        state: "CT",
        zipCode: "06103",
        yearBuilt: 1962,
        totalUnits: null,
        amenities: ["Elevator"],
        featured: true,
        active: true,
        hasVacancy: false,
      },
    });
  });

  it("shows the server's validation details line by line, and stays open", async () => {
    const user = userEvent.setup();
    let answer = (): { status: number; body: unknown } => ({
      status: 400,
      body: {
        error: "validation_failed",
        message: "The request is not valid.",
        details: [
          { path: "title", msg: "First reason." },
          { path: "city", msg: "Second reason." },
        ],
      },
    });
    stubFetch(() => answer());
    renderDialog();
    await fill(user, "Title", "Maple Court");
    await user.selectOptions(screen.getByLabelText("Property Type"), "loft");
    await fill(user, "Address", "12 Maple Street");
    await fill(user, "City", "Hartford");
    await fill(user, "State", "CT");
    await fill(user, "ZIP Code", "06103");
    const submit = () => user.click(screen.getByRole("button", { name: "Add Building" }));

    await submit();
    const alert = await within(screen.getByRole("dialog")).findByRole("alert");
    expect([...alert.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Validation failed:",
      "First reason.",
      "Second reason.",
    ]);

    answer = () => ({ status: 500, body: { error: "internal", message: "Something broke." } });
    await submit();
    await waitFor(() => expect(alertText()).toBe("Failed to add property: Something broke."));

    // No message of the server's own (a proxy's error page): the status stands in.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("Bad gateway", { status: 502 })),
    );
    await submit();
    await waitFor(() => expect(alertText()).toBe("Failed to add property: 502"));

    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await submit();
    await waitFor(() => expect(alertText()).toBe("Error adding property"));
    expect(screen.getByRole("dialog", { name: "Add New Building" })).toBeInTheDocument();
  });

  it("checks only the required fields when editing", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(({ body }) => ({
      status: 200,
      body: sampleProperty(3, body as Partial<AdminProperty>),
    }));
    renderDialog(sampleProperty(3, { amenities: ["Heating", "Rooftop deck"] }));
    expect(screen.getByLabelText("Title")).toHaveValue("Maple Court");

    await fill(user, "City", "");
    await user.click(screen.getByRole("button", { name: "Update Building" }));
    expect(alertText()).toBe(adminMessages.propertyRequired);

    // A one-letter state passes the edit dialog's check (the server has the last word).
    await fill(user, "City", "Hartford");
    await fill(user, "State", "C");
    await user.click(screen.getByRole("button", { name: "Update Building" }));
    expect(await screen.findByText("Property updated successfully!")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: "PUT",
      url: "/api/admin/properties/3",
      body: { state: "C", amenities: ["Heating", "Rooftop deck"] },
    });
  });

  it("says 'Failed to update property' or 'Error updating property'", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 500 })),
    );
    renderDialog(sampleProperty(3));
    await user.click(screen.getByRole("button", { name: "Update Building" }));
    await waitFor(() => expect(alertText()).toBe("Failed to update property"));
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await user.click(screen.getByRole("button", { name: "Update Building" }));
    await waitFor(() => expect(alertText()).toBe("Error updating property"));
  });

  it("refuses a selection that holds anything but images", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderDialog();
    expect(screen.getByText("PNG, JPG, JPEG up to 10MB each")).toBeInTheDocument();
    await user.upload(screen.getByLabelText("Choose images"), [
      imageFile("front.png"),
      new File(["hello"], "notes.txt", { type: "text/plain" }),
    ]);
    expect(within(screen.getByRole("dialog")).getByRole("alert")).toHaveTextContent(
      "Please select only image files.",
    );
    expect(screen.queryByText("front.png")).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText("Choose images"), [imageFile("front.png")]);
    expect(screen.getByText("front.png")).toBeInTheDocument();
    expect(screen.queryByText("Please select only image files.")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove front.png" }));
    expect(screen.queryByText("front.png")).not.toBeInTheDocument();
  });

  it("saves, then uploads each image on its own with a progress bar named by the file", async () => {
    const user = userEvent.setup();
    stubFetch(() => ({ status: 200, body: sampleProperty(3) }));
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const uploads = stubUploads(async (call) => {
      await held;
      return call.files[0]!.name === "back.png"
        ? { status: 415, body: { error: "unsupported_media_type", message: "Not an image." } }
        : { status: 201, body: { files: [sampleImage(9)], message: "Uploaded 1 image" } };
    });
    const { onChanged } = renderDialog(sampleProperty(3));
    await user.upload(screen.getByLabelText("Choose images"), [
      imageFile("front.png"),
      imageFile("back.png"),
    ]);
    await user.click(screen.getByRole("button", { name: "Update Building" }));

    expect(await screen.findByRole("progressbar", { name: "front.png" })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );
    expect(screen.getByRole("progressbar", { name: "back.png" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Uploading..." })).toBeDisabled();
    release();

    expect(await screen.findByText("Error uploading images: Not an image.")).toBeInTheDocument();
    expect(screen.getByText("Property updated successfully!")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(uploads.map((u) => [u.url, u.fields, u.files.map((f) => f.name)])).toEqual([
      ["/api/upload", { userId: "admin-1", propertyId: "3" }, ["front.png"]],
      ["/api/upload", { userId: "admin-1", propertyId: "3" }, ["back.png"]],
    ]);
  });

  it("removes a current image at once, and saves a changed alt text with the building", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(({ url }) =>
      url.startsWith("/api/admin/images/")
        ? { status: 200, body: sampleImage(12, { alt: "The front door" }) }
        : { status: 200, body: { success: true, message: "ok" } },
    );
    const { onChanged } = renderDialog(
      sampleProperty(3, { images: [sampleImage(11), sampleImage(12)] }),
    );
    await user.click(screen.getByRole("button", { name: "Remove image 1" }));
    expect(await screen.findByText("Image removed successfully")).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "Remove image 2" })).not.toBeInTheDocument();

    await fill(user, "Alt text for image 1", "The front door");
    await user.click(screen.getByRole("button", { name: "Update Building" }));
    expect(await screen.findByText("Property updated successfully!")).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "DELETE /api/admin/properties/3/images/11",
      "PUT /api/admin/properties/3",
      "PATCH /api/admin/images/12",
    ]);
    expect(calls[2]!.body).toEqual({ alt: "The front door" });
  });

  it("says 'Failed to remove image' when the removal fails", async () => {
    const user = userEvent.setup();
    stubFetch(() => ({ status: 404, body: { error: "not_found", message: "Gone." } }));
    const { onChanged } = renderDialog(sampleProperty(3, { images: [sampleImage(11)] }));
    await user.click(screen.getByRole("button", { name: "Remove image 1" }));
    expect(await screen.findByText("Failed to remove image")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove image 1" })).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });
});
