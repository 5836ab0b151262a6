import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { showingsApi } from "#domain/api/showings";
import { hoursForWire, noShowingHours, showingMessages } from "#domain/showings";
import { answer, handle } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { spyOnToasts } from "#tests/support/toast-spy";
import { ShowingHoursDialog } from "./showing-hours-dialog";

spyOnToasts();

let saved: unknown[];

beforeEach(() => {
  saved = [];
  answer(
    handle(showingsApi.getHours, () => ({
      propertyId: 3,
      set: false,
      hours: hoursForWire(noShowingHours),
    })),
    handle(showingsApi.putHours, ({ body }) => {
      saved.push(body);
      return { propertyId: 3, set: true, hours: hoursForWire(noShowingHours) };
    }),
  );
});

describe("a building's showing hours", () => {
  it("adds Saturday's hours, refuses a slot length out of bounds, then saves", async () => {
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(
      <ShowingHoursDialog
        building={{ id: 3, title: "Elm Court", units: [{ id: 7, number: "2B" }] }}
        onOpenChange={onOpenChange}
      />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Showing hours: Elm Court" });
    await user.click(await within(dialog).findByRole("button", { name: "Add hours on Saturday" }));
    const slot = within(dialog).getByLabelText("Slot length (minutes)");
    await user.clear(slot);
    await user.type(slot, "5");
    await user.click(within(dialog).getByLabelText("Ask the office to confirm (within 24 hours)"));
    await user.type(within(dialog).getByLabelText("Dates off"), "2027-07-04");
    await user.selectOptions(within(dialog).getByLabelText("Unit 2B"), "Book at once");
    await user.click(within(dialog).getByRole("button", { name: "Save hours" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(showingMessages.slotMinutes);
    expect(saved).toEqual([]);
    await user.clear(slot);
    await user.type(slot, "30");
    await user.click(within(dialog).getByRole("button", { name: "Save hours" }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      weekly: { sat: [{ start: "10:00", end: "12:00" }], mon: [] },
      slotMinutes: 30,
      booking: "request",
      unitBooking: { "7": "instant" },
      datesOff: ["2027-07-04"],
    });
    expect(toast.success).toHaveBeenCalledWith(showingMessages.hoursSaved);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
