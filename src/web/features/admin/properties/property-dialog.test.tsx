import { useQuery } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { useState } from "react";
import { Toaster, toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AdminProperty, adminMessages } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { type Answer, answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { proxyAnswer } from "#tests/support/proxy-answer";
import { renderWithQuery } from "#tests/support/render-with-query";
import { recordUploadProgress } from "#tests/support/upload-progress";
import { contractQuery } from "#web/lib/query";
import { PropertyDialog } from "./property-dialog";
import {
  done,
  figuresHandlers,
  imageFile,
  sampleImage,
  sampleProperty,
  uploadParts,
} from "./test-support";

/** How many times the admin list was asked for: the dashboard's list, watched by the harness. */
let listCalls: number;

beforeEach(() => {
  listCalls = 0;
  answer(
    handle(adminPropertiesApi.list, () => {
      listCalls += 1;
      return [];
    }),
    ...figuresHandlers(() => []),
  );
});

afterEach(() => {
  // Sonner keeps its toasts between renders: dismissed ones are not shown to the next test.
  toast.dismiss();
});

/** The dashboard's list, mounted as on the page: a save's invalidation refetches it. */
function WatchedList() {
  useQuery(contractQuery(adminPropertiesApi.list, {}));
  return null;
}

function Harness({ property }: { property: AdminProperty | null }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <WatchedList />
      <PropertyDialog open={open} onOpenChange={setOpen} property={property} userId="admin-1" />
      <Toaster />
    </>
  );
}

async function renderDialog(property: AdminProperty | null = null) {
  renderWithQuery(<Harness property={property} />);
  await waitFor(() => expect(listCalls).toBe(1));
  return screen.getByRole("dialog", { name: property ? "Edit Building" : "Add New Building" });
}

/** A building as the server stores it from what the dialog sent. */
const stored = (id: number, body: unknown) =>
  sampleProperty(id, adminPropertiesApi.createProperty.body.parse(body));

/** Replaces a field's text (pasting keeps the long inputs fast). */
async function fill(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) {
    await user.click(field);
    await user.paste(value);
  }
}

const alert = () => within(screen.getByRole("dialog")).getByRole("alert");
const alertText = () => alert().textContent;
const alertLines = () => [...alert().querySelectorAll("p")].map((p) => p.textContent);

async function fillRequired(user: UserEvent) {
  await fill(user, "Title", "Maple Court");
  await user.selectOptions(screen.getByLabelText("Property Type"), "loft");
  await fill(user, "Address", "12 Maple Street");
  await fill(user, "City", "Hartford");
  await fill(user, "State", "CT");
  await fill(user, "ZIP Code", "06103");
}

describe("PropertyDialog", () => {
  it("checks a new building in order, one message at a time, then refetches the list", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    answer(
      handle(adminPropertiesApi.createProperty, ({ body }) => {
        sent.push(body);
        return stored(7, body);
      }),
    );
    await renderDialog();
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
    expect(sent).toEqual([]);

    await fill(user, "ZIP Code", "06103");
    await fill(user, "Year Built", "1962");
    await user.click(screen.getByLabelText("Elevator"));
    await user.click(screen.getByLabelText("Featured"));
    await submit();

    expect(await screen.findByText("Property added successfully!")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(listCalls).toBe(2));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
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
    });
    // Some thirty fields typed, selected and submitted: more than the default 5 s on a busy machine.
  }, 20_000);

  it("shows the server's validation details line by line, and stays open", async () => {
    const user = userEvent.setup();
    const refusals: (() => Answer<typeof adminPropertiesApi.createProperty>)[] = [
      () =>
        refuse(400, "The request is not valid.", [
          { path: "title", msg: "First reason." },
          { path: "city", msg: "Second reason." },
        ]),
      () => refuse(500, "Something broke."),
    ];
    answer(handle(adminPropertiesApi.createProperty, () => refusals.shift()!()));
    await renderDialog();
    await fillRequired(user);
    const submit = () => user.click(screen.getByRole("button", { name: "Add Building" }));

    await submit();
    await waitFor(() =>
      expect(alertLines()).toEqual(["Validation failed:", "First reason.", "Second reason."]),
    );
    await submit();
    await waitFor(() => expect(alertText()).toBe("Failed to add property: Something broke."));

    // No message of the server's own (a proxy's error page): the status stands in.
    answer(proxyAnswer(adminPropertiesApi.createProperty, 502));
    await submit();
    await waitFor(() => expect(alertText()).toBe("Failed to add property: 502"));

    answer(handle(adminPropertiesApi.createProperty, () => networkFailure));
    await submit();
    await waitFor(() => expect(alertText()).toBe("Error adding property"));
    expect(screen.getByRole("dialog", { name: "Add New Building" })).toBeInTheDocument();
  });

  it("checks only the required fields when editing", async () => {
    const user = userEvent.setup();
    const sent: { id: string; body: unknown }[] = [];
    answer(
      handle(adminPropertiesApi.updateProperty, ({ params, body }) => {
        sent.push({ id: params.id, body });
        return sampleProperty(3, { state: "C" });
      }),
    );
    await renderDialog(sampleProperty(3, { amenities: ["Heating", "Rooftop deck"] }));
    expect(screen.getByLabelText("Title")).toHaveValue("Maple Court");

    await fill(user, "City", "");
    await user.click(screen.getByRole("button", { name: "Update Building" }));
    expect(alertText()).toBe(adminMessages.propertyRequired);

    // A one-letter state passes the edit dialog's check (the server has the last word).
    await fill(user, "City", "Hartford");
    await fill(user, "State", "C");
    await user.click(screen.getByRole("button", { name: "Update Building" }));
    expect(await screen.findByText("Property updated successfully!")).toBeInTheDocument();
    expect(sent).toEqual([
      {
        id: "3",
        body: expect.objectContaining({ state: "C", amenities: ["Heating", "Rooftop deck"] }),
      },
    ]);
  });

  it("sends the Spanish description under the English one, and none when left empty", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    answer(
      handle(adminPropertiesApi.createProperty, ({ body }) => {
        sent.push(body);
        return stored(7, body);
      }),
      handle(adminPropertiesApi.updateProperty, ({ body }) => {
        sent.push(body);
        return stored(3, body);
      }),
    );
    await renderDialog();
    const spanish = screen.getByLabelText("Description in Spanish (optional)");
    expect(spanish).toHaveAccessibleDescription(
      "Shown on the Spanish pages; if empty they show the English description.",
    );
    expect(spanish).toHaveAttribute("lang", "es");
    await fillRequired(user);
    await fill(user, "Description", "Sunny rooms near the park.");
    await fill(user, "Description in Spanish (optional)", "  Habitaciones soleadas.  ");
    await user.click(screen.getByRole("button", { name: "Add Building" }));
    expect(await screen.findByText("Property added successfully!")).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      description: "Sunny rooms near the park.",
      descriptionEs: "Habitaciones soleadas.",
    });
  });

  it("shows a building's Spanish description, and clearing it sends null", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    answer(
      handle(adminPropertiesApi.updateProperty, ({ body }) => {
        sent.push(body);
        return sampleProperty(3);
      }),
    );
    await renderDialog(sampleProperty(3, { descriptionEs: "Un edificio tranquilo." }));
    expect(screen.getByLabelText("Description in Spanish (optional)")).toHaveValue(
      "Un edificio tranquilo.",
    );
    await fill(user, "Description in Spanish (optional)", "");
    await user.click(screen.getByRole("button", { name: "Update Building" }));
    expect(await screen.findByText("Property updated successfully!")).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ descriptionEs: null })]);
  });

  it("says 'Failed to update property', with the server's reason if any, or 'Error updating property'", async () => {
    const user = userEvent.setup();
    answer(proxyAnswer(adminPropertiesApi.updateProperty, 500, ""));
    await renderDialog(sampleProperty(3));
    const update = () => user.click(screen.getByRole("button", { name: "Update Building" }));
    await update();
    await waitFor(() => expect(alertText()).toBe("Failed to update property"));
    answer(
      handle(adminPropertiesApi.updateProperty, () =>
        refuse(404, "This property no longer exists."),
      ),
    );
    await update();
    await waitFor(() =>
      expect(alertLines()).toEqual([
        "Failed to update property",
        "This property no longer exists.",
      ]),
    );
    answer(handle(adminPropertiesApi.updateProperty, () => networkFailure));
    await update();
    await waitFor(() => expect(alertText()).toBe("Error updating property"));
  });

  it("refuses a selection that holds anything but images", async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderDialog();
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
    const progress = recordUploadProgress();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const uploads: Awaited<ReturnType<typeof uploadParts>>[] = [];
    answer(
      handle(adminPropertiesApi.updateProperty, () => sampleProperty(3)),
      handle(adminPropertiesApi.uploadImages, async ({ request }) => {
        uploads.push(await uploadParts(request));
        await held;
        // The files go one by one, in the order chosen: the second is back.png.
        return uploads.length === 2
          ? refuse(415, "Not an image.")
          : { files: [sampleImage(9)], message: "Uploaded 1 image" };
      }),
    );
    try {
      await renderDialog(sampleProperty(3));
      await user.upload(screen.getByLabelText("Choose images"), [
        imageFile("front.png"),
        imageFile("back.png"),
      ]);
      await user.click(screen.getByRole("button", { name: "Update Building" }));

      await waitFor(() => expect(progress.uploads).toHaveLength(1));
      act(() => progress.uploads[0]!.progress(1024, 2048));
      expect(screen.getByRole("progressbar", { name: "front.png" })).toHaveAttribute(
        "aria-valuenow",
        "50",
      );
      expect(screen.getByRole("progressbar", { name: "back.png" })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Uploading..." })).toBeDisabled();
      release();

      expect(await screen.findByText("Error uploading images: Not an image.")).toBeInTheDocument();
    } finally {
      progress.stop();
    }
    expect(screen.getByText("Property updated successfully!")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // The record and its photos together: one refetch, after the last upload.
    await waitFor(() => expect(listCalls).toBe(2));
    expect(uploads).toEqual([
      { fields: { userId: "admin-1", propertyId: "3" }, files: 1 },
      { fields: { userId: "admin-1", propertyId: "3" }, files: 1 },
    ]);
  });

  it("removes a current image at once, and saves a changed alt text with the building", async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    const alts: unknown[] = [];
    answer(
      handle(adminPropertiesApi.deletePropertyImage, ({ params }) => {
        calls.push(`remove image ${params.imageId} of building ${params.id}`);
        return done("ok");
      }),
      handle(adminPropertiesApi.updateProperty, ({ params }) => {
        calls.push(`update building ${params.id}`);
        return sampleProperty(3);
      }),
      handle(adminPropertiesApi.updateImageAlt, ({ params, body }) => {
        calls.push(`alt text of image ${params.id}`);
        alts.push(body);
        return sampleImage(12, { alt: "The front door" });
      }),
    );
    await renderDialog(sampleProperty(3, { images: [sampleImage(11), sampleImage(12)] }));
    await user.click(screen.getByRole("button", { name: "Remove image 1" }));
    expect(await screen.findByText("Image removed successfully")).toBeInTheDocument();
    expect(listCalls).toBe(2);
    expect(screen.queryByRole("button", { name: "Remove image 2" })).not.toBeInTheDocument();

    await fill(user, "Alt text for image 1", "The front door");
    await user.click(screen.getByRole("button", { name: "Update Building" }));
    expect(await screen.findByText("Property updated successfully!")).toBeInTheDocument();
    expect(calls).toEqual([
      "remove image 11 of building 3",
      "update building 3",
      "alt text of image 12",
    ]);
    expect(alts).toEqual([{ alt: "The front door" }]);
    await waitFor(() => expect(listCalls).toBe(3));
  });

  it("says 'Failed to remove image' when the removal fails", async () => {
    const user = userEvent.setup();
    answer(handle(adminPropertiesApi.deletePropertyImage, () => refuse(404, "Gone.")));
    await renderDialog(sampleProperty(3, { images: [sampleImage(11)] }));
    await user.click(screen.getByRole("button", { name: "Remove image 1" }));
    expect(await screen.findByText("Failed to remove image")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove image 1" })).toBeInTheDocument();
  });
});
