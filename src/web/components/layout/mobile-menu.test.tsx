import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The mobile menu's button is a plain one until first pressed; the Radix dialog comes in then
 * (mobile-menu-panel is imported lazily). Each test imports the menu afresh.
 */
let desktop = false;
const listeners = new Set<() => void>();

beforeEach(() => {
  desktop = false;
  listeners.clear();
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return desktop && query.includes("min-width");
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
});
afterEach(() => vi.unstubAllGlobals());

async function renderMenu() {
  vi.resetModules();
  const { MobileMenu } = await import("./mobile-menu");
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <MobileMenu
          account={<a href="/login">Login</a>}
          notifications={<a href="/notifications">Notifications</a>}
        />
      ),
    },
    { path: "/services", Component: () => <h1>Services page</h1> },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return userEvent.setup();
}

describe("the mobile menu", () => {
  it("is a closed dialog button before its first press", async () => {
    await renderMenu();
    const button = screen.getByRole("button", { name: "Open menu" });
    expect(button).toHaveAttribute("aria-haspopup", "dialog");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("opens on the first press with the links, and gives focus back on Escape", async () => {
    const user = await renderMenu();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog", { name: "Menu" });
    expect(
      within(dialog)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual([
      "Home",
      "Properties",
      "Services",
      "Contact",
      "Notifications",
      "Login",
      // The same page in the other language, named in that language.
      "Language: Español",
    ]);
    expect(screen.getByRole("button", { name: "Open menu", hidden: true })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus();
  });

  it("opens from the keyboard and closes on a link", async () => {
    const user = await renderMenu();
    await user.tab();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Menu" });
    await user.click(within(dialog).getByRole("link", { name: "Services" }));
    expect(await screen.findByRole("heading", { name: "Services page" })).toBeVisible();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes when the window grows to the desktop layout", async () => {
    const user = await renderMenu();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await screen.findByRole("dialog", { name: "Menu" });
    desktop = true;
    act(() => {
      for (const listener of listeners) listener();
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
