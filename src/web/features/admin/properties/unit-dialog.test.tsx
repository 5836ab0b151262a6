import { screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { useState } from "react";
import { Toaster, toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { type AdminUnit, adminMessages } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { type Answer, answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { imageFile, sampleProperty, sampleUnit, uploadParts } from "./test-support";
import { UnitDialog } from "./unit-dialog";

afterEach(() => {
  toast.dismiss();
});

const buildings = [sampleProperty(1), sampleProperty(2, { title: "Oak Row" })];

function Harness({ unit, propertyId }: { unit: AdminUnit | null; propertyId: number | null }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <UnitDialog
        open={open}
        onOpenChange={setOpen}
        unit={unit}
        propertyId={propertyId}
        properties={buildings}
      />
      <Toaster />
    </>
  );
}

async function fill(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) {
    await user.click(field);
    await user.paste(value);
  }
}

const alertText = () => within(screen.getByRole("dialog")).getByRole("alert").textContent;
const submit = (user: UserEvent, name = "Add Unit") =>
  user.click(screen.getByRole("button", { name }));

describe("UnitDialog", () => {
  it("asks for the required fields: a unit number and a rent above 0", async () => {
    const user = userEvent.setup();
    // No handler: a request would fail the test.
    renderWithQuery(<Harness unit={null} propertyId={2} />);
    expect(screen.getByRole("dialog", { name: "Add New Unit" })).toHaveTextContent(
      "Building: Oak Row",
    );

    await fill(user, "Rent", "1450");
    await submit(user);
    expect(alertText()).toBe(adminMessages.unitRequired);

    await fill(user, "Unit Number", "2B");
    await fill(user, "Rent", "0");
    await submit(user);
    expect(alertText()).toBe(adminMessages.unitRequired);
    expect(screen.getByLabelText("Rent")).toHaveAttribute("aria-invalid", "true");
  });

  it("needs a building when none was chosen on a card, then sends the unit's fields", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    answer(
      handle(adminPropertiesApi.createUnit, ({ body }) => {
        sent.push(body);
        return sampleUnit(5, adminPropertiesApi.updateUnit.body.parse(body));
      }),
    );
    renderWithQuery(<Harness unit={null} propertyId={null} />);
    await fill(user, "Unit Number", "2B");
    await fill(user, "Rent", "1,450");
    await submit(user);
    // "1,450" does not parse as a number: it counts as 0, which is not a rent.
    expect(alertText()).toBe(adminMessages.unitRequired);

    await fill(user, "Rent", "1450");
    await submit(user);
    expect(alertText()).toBe(adminMessages.unitRequired);
    expect(screen.getByLabelText("Building")).toHaveFocus();

    await user.selectOptions(screen.getByLabelText("Building"), "Oak Row");
    await fill(user, "Bathrooms", "1.5");
    await fill(user, "Square Feet", "");
    await user.click(screen.getByRole("radio", { name: "Occupied" }));
    await fill(user, "Available From", "2026-09-01");
    await fill(user, "Features", "Balcony, , Hardwood floors ");
    await submit(user);

    expect(await screen.findByText("Unit added successfully!")).toBeInTheDocument();
    expect(sent).toEqual([
      {
        propertyId: 2,
        unitNumber: "2B",
        bedrooms: 1,
        bathrooms: 1.5,
        squareFeet: 0,
        rent: 1450,
        deposit: 0,
        available: false,
        availableFrom: "2026-09-01",
        features: ["Balcony", "Hardwood floors"],
        description: "",
        descriptionEs: null,
        floorPlan: "",
      },
    ]);
  });

  it("edits the Spanish description under the English one", async () => {
    const user = userEvent.setup();
    const unit = sampleUnit(8, { description: "Sunny.", descriptionEs: "Soleado." });
    const sent: unknown[] = [];
    answer(
      handle(adminPropertiesApi.updateUnit, ({ body }) => {
        sent.push(body);
        return unit;
      }),
    );
    renderWithQuery(<Harness unit={unit} propertyId={1} />);
    const spanish = screen.getByLabelText("Description in Spanish (optional)");
    expect(spanish).toHaveValue("Soleado.");
    expect(spanish).toHaveAccessibleDescription(
      "Shown on the Spanish pages; if empty they show the English description.",
    );
    await fill(user, "Description in Spanish (optional)", "Muy soleado, cerca del parque.");
    await submit(user, "Update Unit");
    expect(await screen.findByText("Unit updated successfully!")).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        description: "Sunny.",
        descriptionEs: "Muy soleado, cerca del parque.",
      }),
    ]);
  });

  it("edits a unit, and warns when its images did not upload", async () => {
    const user = userEvent.setup();
    const unit = sampleUnit(8, { unitNumber: "3C", available: false, features: ["Balcony"] });
    const updated: string[] = [];
    const uploads: Awaited<ReturnType<typeof uploadParts>>[] = [];
    answer(
      handle(adminPropertiesApi.updateUnit, ({ params }) => {
        updated.push(params.id);
        return unit;
      }),
      handle(adminPropertiesApi.uploadImages, async ({ request }) => {
        uploads.push(await uploadParts(request));
        return refuse(401, "Please sign in.");
      }),
    );
    renderWithQuery(<Harness unit={unit} propertyId={1} />);
    expect(screen.getByLabelText("Unit Number")).toHaveValue("3C");
    expect(screen.getByRole("radio", { name: "Occupied" })).toBeChecked();
    expect(screen.getByLabelText("Features")).toHaveValue("Balcony");

    await user.upload(screen.getByLabelText("Choose images"), [imageFile("kitchen.jpg")]);
    await submit(user, "Update Unit");

    expect(await screen.findByText("Unit updated but image upload failed")).toBeInTheDocument();
    expect(screen.getByText("User not authenticated")).toBeInTheDocument();
    expect(updated).toEqual(["8"]);
    expect(uploads).toEqual([{ fields: { unitId: "8" }, files: 1 }]);
  });

  it("says 'Failed to add unit' with the server's reason, or 'Error adding unit'", async () => {
    const user = userEvent.setup();
    const refusals: (() => Answer<typeof adminPropertiesApi.createUnit>)[] = [
      () => refuse(409, adminMessages.duplicateUnit),
      () => networkFailure,
    ];
    answer(handle(adminPropertiesApi.createUnit, () => refusals.shift()!()));
    renderWithQuery(<Harness unit={null} propertyId={1} />);
    await fill(user, "Unit Number", "2B");
    await fill(user, "Rent", "1450");
    await submit(user);
    const alert = await within(screen.getByRole("dialog")).findByRole("alert");
    expect([...alert.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "Failed to add unit",
      adminMessages.duplicateUnit,
    ]);

    await submit(user);
    expect(await within(screen.getByRole("dialog")).findByText("Error adding unit")).toBeVisible();
  });
});
