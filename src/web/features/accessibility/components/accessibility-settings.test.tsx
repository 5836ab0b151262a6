import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACCESSIBILITY_STORAGE_KEY,
  accessibilityMessages,
  defaultAccessibilityPreferences,
} from "#domain/accessibility";
import { AccessibilitySettings } from "./accessibility-settings";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const html = document.documentElement;
const stored = () => JSON.parse(localStorage.getItem(ACCESSIBILITY_STORAGE_KEY) ?? "null");
const saveButton = () => screen.getByRole("button", { name: "Save Preferences" });

function renderSettings() {
  const user = userEvent.setup();
  const view = render(<AccessibilitySettings />);
  return { user, ...view };
}

function clearRoot() {
  for (const name of ["data-scheme", "data-contrast", "data-reduced-motion", "data-focus", "style"])
    html.removeAttribute(name);
}

beforeEach(() => {
  localStorage.clear();
  clearRoot();
});
afterEach(() => vi.clearAllMocks());

describe("the accessibility settings panel", () => {
  it("shows the defaults, with Save Preferences disabled while nothing has changed", () => {
    renderSettings();
    expect(screen.getByRole("slider", { name: "Font Size" })).toHaveValue("16");
    expect(screen.getByText("16px (Medium)")).toBeVisible();
    expect(screen.getByRole("switch", { name: "High Contrast" })).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Reduced Motion" })).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Screen Reader Optimized" })).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Keyboard Navigation" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "Sound Effects" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "Standard" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Auto" })).toBeChecked();
    expect(saveButton()).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Your preferences are saved in this browser.",
    );
  });

  it("starts from the saved preferences", () => {
    localStorage.setItem(
      ACCESSIBILITY_STORAGE_KEY,
      JSON.stringify({ ...defaultAccessibilityPreferences, fontSize: 21, colorScheme: "dark" }),
    );
    renderSettings();
    expect(screen.getByRole("slider", { name: "Font Size" })).toHaveValue("21");
    expect(screen.getByText("21px (Largest)")).toBeVisible();
    expect(screen.getByRole("radio", { name: "Dark" })).toBeChecked();
  });

  it("marks a change unsaved, enables Save and previews it on the page without storing it", async () => {
    const { user } = renderSettings();
    await user.click(screen.getByRole("radio", { name: "High Contrast" }));
    fireEvent.change(screen.getByRole("slider", { name: "Font Size" }), {
      target: { value: "19" },
    });
    expect(screen.getByText("19px (Extra Large)")).toBeVisible();
    expect(screen.getByRole("slider", { name: "Font Size" })).toHaveAttribute(
      "aria-valuetext",
      "19 pixels, Extra Large",
    );
    expect(saveButton()).toBeEnabled();
    expect(screen.getByRole("status")).toHaveTextContent("You have unsaved changes.");
    expect(html).toHaveAttribute("data-scheme", "high-contrast");
    expect(html.style.fontSize).toBe("118.75%");
    expect(stored()).toBeNull();
  });

  it("saves: stores and applies the preferences, says so, and is clean again", async () => {
    const { user } = renderSettings();
    await user.click(screen.getByRole("switch", { name: "Reduced Motion" }));
    await user.click(screen.getByRole("radio", { name: "High Visibility" }));
    await user.click(screen.getByRole("switch", { name: "Keyboard Navigation" }));
    await user.click(saveButton());
    expect(toast.success).toHaveBeenCalledWith(accessibilityMessages.saved);
    expect(stored()).toEqual({
      ...defaultAccessibilityPreferences,
      reducedMotion: true,
      focusIndicators: "high-visibility",
      keyboardNavigation: false,
    });
    expect(html).toHaveAttribute("data-reduced-motion", "true");
    expect(html).toHaveAttribute("data-focus", "high-visibility");
    expect(saveButton()).toBeDisabled();
  });

  it("resets to the defaults, unsaved, with the product's message, until Save stores them", async () => {
    localStorage.setItem(
      ACCESSIBILITY_STORAGE_KEY,
      JSON.stringify({ ...defaultAccessibilityPreferences, highContrast: true, fontSize: 24 }),
    );
    const { user } = renderSettings();
    expect(screen.getByRole("switch", { name: "High Contrast" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Reset to Defaults" }));
    expect(toast.info).toHaveBeenCalledWith(accessibilityMessages.reset);
    expect(screen.getByRole("switch", { name: "High Contrast" })).not.toBeChecked();
    expect(screen.getByRole("slider", { name: "Font Size" })).toHaveValue("16");
    expect(saveButton()).toBeEnabled();
    expect(stored()).toMatchObject({ highContrast: true, fontSize: 24 });
    await user.click(saveButton());
    expect(stored()).toEqual(defaultAccessibilityPreferences);
  });

  it("reports a failed save and keeps the changes unsaved", async () => {
    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("Quota exceeded", "QuotaExceededError");
    });
    const { user } = renderSettings();
    await user.click(screen.getByRole("switch", { name: "Sound Effects" }));
    await user.click(saveButton());
    setItem.mockRestore();
    expect(toast.error).toHaveBeenCalledWith(accessibilityMessages.saveFailed);
    expect(toast.success).not.toHaveBeenCalled();
    expect(saveButton()).toBeEnabled();
  });

  it("puts the saved look back when the visitor leaves without saving", async () => {
    localStorage.setItem(
      ACCESSIBILITY_STORAGE_KEY,
      JSON.stringify({ ...defaultAccessibilityPreferences, colorScheme: "light" }),
    );
    const { user, unmount } = renderSettings();
    await user.click(screen.getByRole("radio", { name: "Dark" }));
    await user.click(screen.getByRole("radio", { name: "Enhanced" }));
    expect(html).toHaveAttribute("data-scheme", "dark");
    expect(html).toHaveAttribute("data-focus", "enhanced");
    unmount();
    expect(html).toHaveAttribute("data-scheme", "light");
    expect(html).not.toHaveAttribute("data-focus");
  });
});
