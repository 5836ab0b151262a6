import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { authApi } from "#domain/api/auth";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import type { SessionUser } from "#domain/auth";
import { maintenanceMessages } from "#domain/maintenance";
import { answer, handle } from "#tests/support/api-mocks";
import { AuthProvider } from "#web/features/auth/auth-provider";
import { TOKEN_KEY, USER_KEY } from "#web/features/auth/session-storage";
import { queryClient } from "#web/lib/query";
import TenantPortal from "./tenant-portal";

const tina: SessionUser = {
  uid: "t1",
  email: "tina@example.com",
  displayName: "Tina Tenant",
  role: "tenant",
  emailVerified: true,
};

const home = {
  name: "Tina Tenant",
  email: "tina@example.com",
  unit: {
    id: 31,
    unitNumber: "2B",
    bedrooms: 2,
    bathrooms: 1,
    propertyId: 7,
    propertyName: "Elm Court",
    address: "120 Elm Street, Hartford, CT 06105",
  },
  office: { phone: "(860) 555-0142", email: "office@example.com", address: "85 Pearl Street" },
  openRequests: 1,
};

function signIn(user: SessionUser) {
  const payload = btoa(
    JSON.stringify({ sub: user.uid, exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  localStorage.setItem(TOKEN_KEY, `h.${payload}.s`);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  answer(handle(authApi.me, () => ({ user })));
}

function Landed() {
  const location = useLocation();
  return <p>{`Landed on ${location.pathname}`}</p>;
}

function renderPortal(path = "/tenant-portal") {
  const Stub = createRoutesStub([
    { path: "/tenant-portal", Component: TenantPortal },
    { path: "/login", Component: Landed },
    { path: "/admin-dashboard", Component: Landed },
  ]);
  return render(
    <AuthProvider>
      <Stub initialEntries={[path]} />
    </AuthProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  // The page's cache lives as long as the tab: each test starts with an empty one.
  queryClient().clear();
});

describe("/tenant-portal", () => {
  it("sends a visitor without a session to /login", async () => {
    renderPortal();
    expect(await screen.findByText("Landed on /login")).toBeInTheDocument();
  });

  it("sends staff to their own home", async () => {
    signIn({ ...tina, role: "admin" });
    renderPortal();
    expect(await screen.findByText("Landed on /admin-dashboard")).toBeInTheDocument();
  });

  it("shows the tenant's unit, building and the office's contact, then Maintenance and Documents", async () => {
    signIn(tina);
    answer(
      handle(tenantPortalApi.home, () => home),
      handle(tenantPortalApi.listRequests, () => ({ requests: [] })),
      handle(tenantPortalApi.listDocuments, () => ({ files: [] })),
    );
    const user = userEvent.setup();
    renderPortal();
    expect(
      await screen.findByRole("heading", { name: "Tenant Portal", level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText("Unit 2B, Elm Court")).toBeInTheDocument();
    expect(screen.getByText("120 Elm Street, Hartford, CT 06105")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "(860) 555-0142" })).toHaveAttribute(
      "href",
      "tel:+18605550142",
    );
    expect(screen.getByRole("link", { name: "office@example.com" })).toHaveAttribute(
      "href",
      "mailto:office@example.com",
    );
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument();

    const maintenance = screen.getByRole("tab", { name: "Maintenance, 1 open" });
    expect(maintenance).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByText("No requests yet")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Documents" }));
    const panel = screen.getByRole("tabpanel", { name: "Documents" });
    expect(await within(panel).findByText("No documents yet")).toBeInTheDocument();
  });

  it("says an account without a unit cannot report repairs yet", async () => {
    signIn(tina);
    answer(
      handle(tenantPortalApi.home, () => ({ ...home, unit: null, openRequests: 0 })),
      handle(tenantPortalApi.listRequests, () => ({ requests: [] })),
    );
    renderPortal();
    expect(await screen.findByText(maintenanceMessages.noUnit)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New request" })).toBeNull();
  });
});
