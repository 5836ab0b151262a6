import { screen, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { useState } from "react";
import { Toaster, toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AdminUnit, adminMessages } from "#domain/admin";
import { adminAlertsMessages } from "#domain/admin-alerts";
import { adminAlertsApi } from "#domain/api/admin-alerts";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { fairHousingMessages } from "#domain/fair-housing";
import { noUnitFacts } from "#domain/unit-facts";
import { type Answer, answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { choicesHandler } from "../buildings/test-support";
import { imageFile, sampleProperty, sampleUnit, uploadParts } from "./test-support";
import { UnitDialog } from "./unit-dialog";

// An available unit's dialog asks how many renters it alerts; nobody, unless a test says so.
beforeEach(() => {
  // Add New Unit from the header chooses among the server's buildings.
  answer(choicesHandler([sampleProperty(1), sampleProperty(2, { title: "Oak Row" })]));
  answer(handle(adminAlertsApi.reach, () => ({ renters: 0, later: 0, buildingActive: true })));
});

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

/** Answers each unit created with the unit, keeping the bodies sent. */
function recordCreates() {
  const sent: Record<string, unknown>[] = [];
  answer(
    handle(adminPropertiesApi.createUnit, ({ body }) => {
      sent.push(body as Record<string, unknown>);
      return sampleUnit(5, adminPropertiesApi.updateUnit.body.parse(body));
    }),
  );
  return sent;
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
        ...noUnitFacts,
      },
    ]);
  });

  it("sends the unit's facts, and shows the saved ones when editing", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    answer(
      handle(adminPropertiesApi.updateUnit, ({ body }) => {
        sent.push(body);
        return sampleUnit(8, adminPropertiesApi.updateUnit.body.parse(body));
      }),
    );
    const unit = sampleUnit(8, { utilitiesIncluded: ["heat"], laundry: "in-building" });
    renderWithQuery(<Harness unit={unit} propertyId={1} />);
    expect(screen.getByRole("checkbox", { name: "Heat" })).toBeChecked();
    expect(screen.getByLabelText("Laundry")).toHaveValue("in-building");

    await user.click(screen.getByRole("checkbox", { name: "Step-free entrance" }));
    await user.click(screen.getByRole("checkbox", { name: "Roll-in shower" }));
    await user.click(screen.getByRole("checkbox", { name: "Hot water" }));
    await user.selectOptions(screen.getByLabelText("Pets"), "Cats and dogs allowed");
    await fill(user, "Pet Deposit", "250");
    await user.selectOptions(screen.getByLabelText("Parking"), "Street parking");
    await user.selectOptions(screen.getByLabelText("Laundry"), "Not stated");
    await user.click(screen.getByRole("checkbox", { name: "12 months" }));
    await user.click(screen.getByRole("checkbox", { name: "Housing choice vouchers welcome" }));
    await submit(user, "Update Unit");

    expect(await screen.findByText("Unit updated successfully!")).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        accessibilityFeatures: ["step-free-entrance", "roll-in-shower"],
        utilitiesIncluded: ["heat", "hot-water"],
        pets: "cats-and-dogs",
        petDeposit: 250,
        parking: "street",
        parkingFee: 0,
        laundry: null,
        smoking: null,
        leaseTerms: ["12-months"],
        vouchersWelcome: true,
      }),
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

describe("UnitDialog's listing alerts", () => {
  const reachNote = () => within(screen.getByRole("dialog")).getByRole("status");

  it("says how many renters will be alerted when you save, and the saved toast says it again", async () => {
    const user = userEvent.setup();
    const unit = sampleUnit(8, { available: false, bedrooms: 2, rent: 1450 });
    const asked: Record<string, string>[] = [];
    answer(
      handle(adminAlertsApi.reach, ({ query }) => {
        asked.push(query);
        return { renters: query.rent === "1450" ? 3 : 1, later: 0, buildingActive: true };
      }),
      handle(adminPropertiesApi.updateUnit, () => ({ ...unit, available: true })),
    );
    renderWithQuery(<Harness unit={unit} propertyId={1} />);
    // Occupied: nothing is asked, nothing said.
    expect(reachNote()).toBeEmptyDOMElement();

    await user.click(screen.getByRole("radio", { name: "Available" }));
    expect(await screen.findByText("3 renters will be alerted when you save.")).toBeVisible();
    expect(asked).toEqual([{ propertyId: "1", bedrooms: "2", rent: "1450", unitId: "8" }]);

    await fill(user, "Rent", "1950");
    expect(await screen.findByText("1 renter will be alerted when you save.")).toBeVisible();
    await user.click(screen.getByRole("radio", { name: "Occupied" }));
    expect(reachNote()).toBeEmptyDOMElement();

    await user.click(screen.getByRole("radio", { name: "Available" }));
    await fill(user, "Rent", "1450");
    expect(await screen.findByText("3 renters will be alerted when you save.")).toBeVisible();
    await submit(user, "Update Unit");
    const toastText = await screen.findByText("Unit updated successfully!");
    expect(toastText.closest("li")).toHaveTextContent("3 renters will be alerted.");
  });

  it("counts a new unit available later: those who want homes available now hear on its date", async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    answer(
      handle(adminAlertsApi.reach, ({ query }) => {
        asked.push(query);
        return { renters: 2, later: 1, buildingActive: true };
      }),
    );
    renderWithQuery(<Harness unit={null} propertyId={2} />);
    await fill(user, "Unit Number", "2B");
    await fill(user, "Bedrooms", "3");
    await fill(user, "Rent", "1600");
    await fill(user, "Available From", "2026-09-01");
    expect(
      await screen.findByText(
        "2 renters will be alerted when you save, and 1 more on Sep 1, 2026.",
      ),
    ).toBeVisible();
    expect(asked.at(-1)).toEqual({
      propertyId: "2",
      bedrooms: "3",
      rent: "1600",
      availableFrom: "2026-09-01",
    });
  });

  it("says plainly when nobody will be alerted, and the toast then says nothing of it", async () => {
    const user = userEvent.setup();
    const unit = sampleUnit(8);
    answer(handle(adminPropertiesApi.updateUnit, () => unit));
    renderWithQuery(<Harness unit={unit} propertyId={1} />);
    expect(await screen.findByText(adminAlertsMessages.nobody)).toBeVisible();
    await submit(user, "Update Unit");
    const toastText = await screen.findByText("Unit updated successfully!");
    expect(toastText.closest("li")).not.toHaveTextContent("alerted");
  });

  it("says that a hidden building's unit alerts nobody until the building is shown", async () => {
    answer(handle(adminAlertsApi.reach, () => ({ renters: 4, later: 0, buildingActive: false })));
    renderWithQuery(<Harness unit={sampleUnit(8)} propertyId={1} />);
    expect(await screen.findByText(adminAlertsMessages.hiddenBuilding)).toBeVisible();
  });

  it("says nothing when the count cannot be had, and the save goes on", async () => {
    const user = userEvent.setup();
    const unit = sampleUnit(8);
    let saved = 0;
    answer(
      handle(adminAlertsApi.reach, () => refuse(503, "The database is not answering.")),
      handle(adminPropertiesApi.updateUnit, () => {
        saved += 1;
        return unit;
      }),
    );
    renderWithQuery(<Harness unit={unit} propertyId={1} />);
    await submit(user, "Update Unit");
    expect(await screen.findByText("Unit updated successfully!")).toBeInTheDocument();
    expect(saved).toBe(1);
    expect(screen.queryByText(/alerted/)).not.toBeInTheDocument();
  });

  it("stops a save whose wording is flagged, says why, and sends the acknowledgement once ticked", async () => {
    const user = userEvent.setup();
    const sent = recordCreates();
    renderWithQuery(<Harness unit={null} propertyId={2} />);
    await fill(user, "Unit Number", "2B");
    await fill(user, "Rent", "1450");
    await fill(user, "Description", "No Section 8 - working professionals only");
    await submit(user);

    const panel = screen.getByRole("region", { name: fairHousingMessages.title });
    const phrases = within(panel).getAllByRole("listitem");
    expect(phrases.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "“No Section 8” in Description",
      "“working professionals only” in Description",
    ]);
    expect(phrases[0]).toHaveTextContent(/Why:.*Try instead:/);
    // Not sent until acknowledged: the same click saves nothing.
    await submit(user);
    expect(sent).toEqual([]);

    await user.click(within(panel).getByLabelText(fairHousingMessages.acknowledge));
    await submit(user);
    expect(await screen.findByText(adminMessages.unitAdded)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ fairHousingAcknowledged: true });
  });

  it("asks again when the flagged phrases change, and sends no acknowledgement once mended", async () => {
    const user = userEvent.setup();
    const sent = recordCreates();
    renderWithQuery(<Harness unit={null} propertyId={2} />);
    await fill(user, "Unit Number", "2B");
    await fill(user, "Rent", "1450");
    await fill(user, "Features", "Dishwasher, Adults only");
    await submit(user);
    const panel = screen.getByRole("region", { name: fairHousingMessages.title });
    expect(panel).toHaveTextContent("“Adults only” in Features");
    await user.click(within(panel).getByLabelText(fairHousingMessages.acknowledge));

    await fill(user, "Features", "Dishwasher, No kids");
    await submit(user);
    expect(sent).toEqual([]);
    expect(within(panel).getByLabelText(fairHousingMessages.acknowledge)).not.toBeChecked();

    await fill(user, "Features", "Dishwasher, Balcony");
    await submit(user);
    expect(await screen.findByText(adminMessages.unitAdded)).toBeInTheDocument();
    expect(sent[0]).not.toHaveProperty("fairHousingAcknowledged");
  });

  it("shows the record of wording kept after review when editing", () => {
    const unit = sampleUnit(3, {
      description: "No Section 8",
      fairHousingReview: {
        acknowledgedAt: "2026-11-20T15:00:00.000Z",
        acknowledgedBy: "office@example.com",
        findings: [{ path: "description", phrase: "No Section 8", reason: "r", suggestion: "s" }],
      },
    });
    renderWithQuery(<Harness unit={unit} propertyId={null} />);
    expect(
      screen.getByText(
        "Flagged wording kept after review on Nov 20, 2026, 10:00 AM by office@example.com: “No Section 8”.",
      ),
    ).toBeInTheDocument();
  });
});
