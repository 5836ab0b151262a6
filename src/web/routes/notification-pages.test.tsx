import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import NotificationSettingsRoute, { meta as settingsMeta } from "./notification-settings";
import NotificationsRoute, { meta as historyMeta } from "./notifications";

beforeEach(() => localStorage.clear());

describe("the notification pages", () => {
  it("are kept out of search results", () => {
    expect(historyMeta()).toContainEqual({ name: "robots", content: "noindex" });
    expect(historyMeta()[0]).toMatchObject({
      title: expect.stringContaining("Notification History"),
    });
    expect(settingsMeta()).toContainEqual({ name: "robots", content: "noindex" });
    expect(settingsMeta()[0]).toMatchObject({
      title: expect.stringContaining("Notification Preferences"),
    });
  });

  it("stand outside the shared layout with the logo home and a way back", async () => {
    const Stub = createRoutesStub([
      { path: "/notifications", Component: NotificationsRoute },
      { path: "/settings/notifications", Component: NotificationSettingsRoute },
    ]);
    const view = render(<Stub initialEntries={["/notifications"]} />);
    expect(await screen.findByRole("heading", { name: "Notification History" })).toBeVisible();
    expect(screen.getByRole("link", { name: /home$/ })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    view.unmount();

    render(<Stub initialEntries={["/settings/notifications"]} />);
    expect(await screen.findByRole("heading", { name: "Notification Preferences" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Notification History" })).toHaveAttribute(
      "href",
      "/notifications",
    );
  });
});
