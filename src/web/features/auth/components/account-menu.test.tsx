import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "#domain/auth";

/** The session as the header sees it; the provider itself is tested in auth-provider.test.tsx. */
const auth = vi.hoisted(() => ({
  user: null as SessionUser | null,
  logout: vi.fn(),
  showStatus: vi.fn(),
}));
vi.mock("../auth-provider", () => ({ useAuth: () => auth }));

const admin: SessionUser = {
  uid: "u1",
  email: "ada@example.com",
  displayName: "Ada Admin",
  role: "admin",
  emailVerified: true,
};
const tenant: SessionUser = { ...admin, uid: "u2", displayName: null, role: "tenant" };

/** Imported afresh each time: the user menu starts as the plain button, before Radix loads. */
async function renderMenu(user: SessionUser | null) {
  auth.user = user;
  vi.resetModules();
  const { AccountMenu } = await import("./account-menu");
  const Stub = createRoutesStub([
    { path: "/", Component: AccountMenu },
    { path: "/admin-dashboard", Component: () => <h1>Dashboard page</h1> },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return userEvent.setup();
}

beforeEach(() => {
  auth.logout.mockReset();
  auth.showStatus.mockReset();
});

describe("the header's account corner", () => {
  it("shows only Login to a visitor who is signed out", async () => {
    await renderMenu(null);
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("names the administrator, opens on a press and leads to the dashboard", async () => {
    const user = await renderMenu(admin);
    const trigger = screen.getByRole("button", { name: /Ada Admin.*Administrator/ });
    expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await user.click(trigger);
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((i) => i.textContent?.trim()),
    ).toEqual(["Admin Dashboard", "Account security", "Logout"]);
    await user.click(within(menu).getByRole("menuitem", { name: "Admin Dashboard" }));
    expect(await screen.findByRole("heading", { name: "Dashboard page" })).toBeVisible();
  });

  it("shows a tenant's e-mail and role, with Logout only, which logs out", async () => {
    const user = await renderMenu(tenant);
    const trigger = screen.getByRole("button", { name: /ada@example\.com.*Tenant/ });
    await user.click(trigger);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitem")).toHaveLength(1);
    await user.click(within(menu).getByRole("menuitem", { name: "Logout" }));
    expect(auth.logout).toHaveBeenCalledOnce();
    expect(auth.showStatus).toHaveBeenCalledWith("Logging out...");
    // The flow ends (after its short wait) by clearing the message.
    await waitFor(() => expect(auth.showStatus).toHaveBeenLastCalledWith(null));
  });

  it("opens from the keyboard on its first item and gives focus back on Escape", async () => {
    const user = await renderMenu(admin);
    await user.tab();
    expect(screen.getByRole("button", { name: /Administrator/ })).toHaveFocus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    await waitFor(() =>
      expect(within(menu).getByRole("menuitem", { name: "Admin Dashboard" })).toHaveFocus(),
    );
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Administrator/ })).toHaveFocus();
  });
});
