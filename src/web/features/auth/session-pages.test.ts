import { describe, expect, it } from "vitest";
import { homeOf, signInPageFor } from "./session-pages";

describe("the pages of a session", () => {
  it("signs a visitor in at /login, but at the Spanish portal's sign-in page from the Spanish portal", () => {
    expect(signInPageFor("/tenant-portal")).toBe("/login");
    expect(signInPageFor("/admin-dashboard")).toBe("/login");
    expect(signInPageFor("/es/notifications")).toBe("/login");
    expect(signInPageFor("/es/tenant-portal")).toBe("/es/tenant-portal/sign-in");
  });

  it("sends staff to the back office and tenants to the portal in the page's language", () => {
    expect(homeOf("admin")).toBe("/admin-dashboard");
    expect(homeOf("admin", "es")).toBe("/admin-dashboard");
    expect(homeOf("tenant")).toBe("/tenant-portal");
    expect(homeOf("tenant", "es")).toBe("/es/tenant-portal");
  });
});
