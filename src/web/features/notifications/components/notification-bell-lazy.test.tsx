import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import { messagesFor } from "#web/i18n/catalogue.server";
import { namespaces } from "#web/i18n/namespaces";

/**
 * The bell is a plain button until first pressed; the Radix menu comes in then (notification-menu
 * is imported lazily). Each test imports the bell afresh, so each starts with the plain button.
 */
const NOW = new Date(2025, 0, 8, 10, 30);

async function renderBell() {
  vi.resetModules();
  // The fresh modules include a fresh i18n provider: it is given the English words again.
  const { setTranslatorOutsideRoutes } = await import("#web/i18n/i18n-provider");
  setTranslatorOutsideRoutes(createTranslator("en", messagesFor("en", namespaces)));
  const { NotificationBell } = await import("./notification-bell");
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <a href="#main">Before</a>
          <NotificationBell />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { user: userEvent.setup(), NotificationBell };
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const bellName = /^Notifications, \d+ unread$/;

describe("the bell before its menu is loaded", () => {
  it("reads as a closed menu button", async () => {
    await renderBell();
    const bell = await screen.findByRole("button", { name: bellName });
    expect(bell).toHaveAttribute("aria-haspopup", "menu");
    expect(bell).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  });

  for (const [key, typed] of [
    ["Enter", "{Enter}"],
    ["Space", " "],
    ["ArrowDown", "{ArrowDown}"],
  ] as const) {
    it(`opens with ${key} from the keyboard, on its first item, and gives focus back on Escape`, async () => {
      const { user } = await renderBell();
      await screen.findByRole("button", { name: bellName });
      await user.tab();
      await user.tab();
      expect(screen.getByRole("button", { name: bellName })).toHaveFocus();
      await user.keyboard(typed);
      const menu = await screen.findByRole("menu");
      const first = within(menu).getAllByRole("menuitem")[0]!;
      await vi.waitFor(() => expect(first).toHaveFocus());
      expect(first).toHaveTextContent("Emergency water shut-off");
      await user.keyboard("{ArrowDown}");
      expect(within(menu).getAllByRole("menuitem")[1]).toHaveFocus();

      await user.keyboard("{Escape}");
      expect(screen.queryByRole("menu")).not.toBeInTheDocument();
      const bell = screen.getByRole("button", { name: bellName });
      expect(bell).toHaveFocus();
      expect(bell).toHaveAttribute("aria-expanded", "false");
    });
  }

  it("opens on a press with the menu focused, and a later bell is the real one from the start", async () => {
    const { user, NotificationBell } = await renderBell();
    await user.click(await screen.findByRole("button", { name: bellName }));
    const menu = await screen.findByRole("menu");
    expect(menu).toHaveFocus();
    await user.keyboard("{Escape}");

    // Loaded once, a bell mounted later (another page) opens at once, as Radix's own trigger.
    const Stub = createRoutesStub([{ path: "/", Component: NotificationBell }]);
    const { container } = render(<Stub initialEntries={["/"]} />);
    const second = within(container).getByRole("button", { name: bellName });
    expect(second).toHaveAttribute("aria-haspopup", "menu");
    second.focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("menu")).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(within(screen.getByRole("menu")).getAllByRole("menuitem")[0]).toHaveFocus(),
    );
  });
});
