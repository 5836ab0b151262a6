import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentProps } from "react";
import { Toaster, toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminMessages } from "#domain/admin";
import { PropertiesTab } from "./properties-tab";
import { sampleProperty, sampleUnit, stubFetch } from "./test-support";

afterEach(() => {
  // Sonner keeps its toasts between renders: dismissed ones are not shown to the next test.
  toast.dismiss();
  vi.unstubAllGlobals();
});

function renderTab(props: Partial<ComponentProps<typeof PropertiesTab>> = {}) {
  const handlers = { onRetry: vi.fn(), onChanged: vi.fn() };
  render(
    <>
      <PropertiesTab properties={[]} status="loaded" error={null} {...handlers} {...props} />
      <Toaster />
    </>,
  );
  return handlers;
}

describe("PropertiesTab", () => {
  it("shows the empty state, whose button opens the Add New Building dialog and gets focus back", async () => {
    const user = userEvent.setup();
    renderTab();
    expect(screen.getByRole("heading", { name: "Building Management" })).toBeInTheDocument();
    expect(screen.getByText("No Buildings Yet")).toBeInTheDocument();
    const addFirst = screen.getByRole("button", { name: "Add Your First Building" });
    await user.click(addFirst);
    expect(screen.getByRole("dialog", { name: "Add New Building" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(addFirst).toHaveFocus();
  });

  it("shows skeleton cards while loading, and the error with Try Again", async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <PropertiesTab
        properties={[]}
        status="loading"
        error={null}
        onRetry={vi.fn()}
        onChanged={vi.fn()}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Loading buildings...");
    expect(screen.queryByText("No Buildings Yet")).not.toBeInTheDocument();
    unmount();

    const { onRetry } = renderTab({ status: "error", error: adminMessages.loadFailed });
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load properties from server");
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("lists a building's first 5 units, then how many more, with each unit's facts", () => {
    const units = Array.from({ length: 7 }, (_, i) =>
      sampleUnit(i + 1, { unitNumber: `${i + 1}A`, available: i !== 1 }),
    );
    renderTab({
      properties: [
        sampleProperty(1, { featured: true, active: false, units }),
        sampleProperty(2, { title: "Oak Row", units: units.slice(0, 6) }),
        sampleProperty(3, { title: "Elm House" }),
      ],
    });
    expect(screen.getByText("Total Buildings:")).toHaveTextContent("Total Buildings: 3");

    const maple = screen.getByRole("article", { name: "Maple Court" });
    const rows = within(maple).getAllByRole("listitem");
    expect(rows.map((row) => within(row).getByText(/^Unit /).textContent)).toEqual([
      "Unit 1A",
      "Unit 2A",
      "Unit 3A",
      "Unit 4A",
      "Unit 5A",
    ]);
    expect(within(maple).getByText("+ 2 more units")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Available")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Occupied")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("2 bedrooms · 1 bath · $1,450/month");
    expect(within(maple).getByText("Featured")).toBeInTheDocument();
    expect(within(maple).getByText("Inactive")).toBeInTheDocument();
    expect(
      within(maple).getByRole("button", { name: "Edit Unit 1A in Maple Court" }),
    ).toBeInTheDocument();
    expect(within(maple).getByRole("button", { name: "Edit Maple Court" })).toBeInTheDocument();

    const oak = screen.getByRole("article", { name: "Oak Row" });
    expect(within(oak).getByText("+ 1 more unit")).toBeInTheDocument();
    expect(within(oak).queryByText("Inactive")).not.toBeInTheDocument();

    const elm = screen.getByRole("article", { name: "Elm House" });
    expect(within(elm).getByText("No Units Yet")).toBeInTheDocument();
  });

  it("deletes a building after the confirmation, then reloads", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => ({
      status: 200,
      body: { success: true, message: "Property deleted successfully!" },
    }));
    const { onChanged } = renderTab({ properties: [sampleProperty(4)] });
    await user.click(screen.getByRole("button", { name: "Delete Maple Court" }));
    const confirm = screen.getByRole("alertdialog");
    expect(confirm).toHaveTextContent(adminMessages.deletePropertyConfirm);
    await user.click(within(confirm).getByRole("button", { name: "Delete Building" }));
    expect(await screen.findByText("Property deleted successfully!")).toBeInTheDocument();
    expect(calls).toEqual([
      { method: "DELETE", url: "/api/admin/properties/admin/4", body: undefined },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("says why a delete failed: the server's words, or that the server is unreachable", async () => {
    const user = userEvent.setup();
    let answer: "network-error" | { status: number; body: unknown } = {
      status: 404,
      body: { error: "not_found", message: "This property no longer exists." },
    };
    stubFetch(() => answer);
    const { onChanged } = renderTab({
      properties: [sampleProperty(4, { units: [sampleUnit(9, { unitNumber: "2B" })] })],
    });
    await user.click(screen.getByRole("button", { name: "Delete Maple Court" }));
    await user.click(screen.getByRole("button", { name: "Delete Building" }));
    expect(await screen.findByText("This property no longer exists.")).toBeInTheDocument();

    answer = "network-error";
    await user.click(screen.getByRole("button", { name: "Delete Unit 2B in Maple Court" }));
    expect(screen.getByRole("alertdialog")).toHaveTextContent(adminMessages.deleteUnitConfirm);
    await user.click(screen.getByRole("button", { name: "Delete Unit" }));
    expect(await screen.findByText("Error deleting unit")).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });
});
