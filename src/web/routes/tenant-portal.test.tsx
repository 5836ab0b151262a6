import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { authApi } from "#domain/api/auth";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import type { SessionUser } from "#domain/auth";
import { createTranslator } from "#domain/i18n/translator";
import {
  type MaintenanceRequest,
  maintenanceMessages,
  OFFICE_AUTHOR_NAME,
} from "#domain/maintenance";
import { answer, handle } from "#tests/support/api-mocks";
import { leak } from "#tests/support/maintenance-requests";
import { AuthProvider } from "#web/features/auth/auth-provider";
import { TOKEN_KEY, USER_KEY } from "#web/features/auth/session-storage";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
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
      handle(tenantPortalApi.listRequests, () => ({ requests: [], nextCursor: null })),
      handle(tenantPortalApi.listDocuments, () => ({ files: [], nextCursor: null })),
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
      handle(tenantPortalApi.listRequests, () => ({ requests: [], nextCursor: null })),
    );
    renderPortal();
    expect(await screen.findByText(maintenanceMessages.noUnit)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New request" })).toBeNull();
  });
});

describe("/es/tenant-portal", () => {
  const spanish = createTranslator("es", messagesFor("es", ["common", "form", "portal", "upload"]));
  const inSpanish = (Page: () => ReactNode) => () => (
    <I18nProvider translator={spanish}>
      <Page />
    </I18nProvider>
  );
  // The office's comment is signed as the office; the tenant's own words stay as typed.
  const request: MaintenanceRequest = {
    ...leak,
    permissionToEnter: false,
    preferredTimes: "",
    photos: [],
    comments: [{ ...leak.comments[0]!, author: { name: OFFICE_AUTHOR_NAME, role: "staff" } }],
  };

  it("sends a visitor without a session to the Spanish sign-in page", async () => {
    const Stub = createRoutesStub([
      { path: "/es/tenant-portal", Component: inSpanish(TenantPortal) },
      { path: "/es/tenant-portal/sign-in", Component: Landed },
      { path: "/login", Component: Landed },
    ]);
    render(
      <AuthProvider>
        <Stub initialEntries={["/es/tenant-portal"]} />
      </AuthProvider>,
    );
    expect(await screen.findByText("Landed on /es/tenant-portal/sign-in")).toBeInTheDocument();
  });

  it("speaks Spanish throughout: the home, a request, the form and its rules", async () => {
    signIn(tina);
    answer(
      handle(tenantPortalApi.home, () => home),
      handle(tenantPortalApi.listRequests, () => ({ requests: [request], nextCursor: null })),
    );
    const user = userEvent.setup();
    const Stub = createRoutesStub([
      { path: "/es/tenant-portal", Component: inSpanish(TenantPortal) },
    ]);
    render(
      <AuthProvider>
        <Stub initialEntries={["/es/tenant-portal"]} />
      </AuthProvider>,
    );
    expect(
      await screen.findByRole("heading", { name: "Portal de inquilinos", level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText("Unidad 2B, Elm Court")).toBeInTheDocument();
    expect(screen.getByText("Hola, Tina Tenant")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cerrar sesión" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /English$/ })).toHaveAttribute(
      "href",
      "/tenant-portal",
    );
    expect(
      screen.getByRole("tab", { name: "Mantenimiento, 1 solicitud abierta" }),
    ).toBeInTheDocument();

    const card = (await screen.findByRole("heading", { name: leak.title })).closest("li")!;
    expect(within(card).getByText("Estado: Programada")).toBeInTheDocument();
    expect(within(card).getByText("Urgente")).toBeInTheDocument();
    expect(within(card).getByText("Plomería")).toBeInTheDocument();
    expect(
      within(card).getByText("Visita: martes, 3 de marzo de 2026, de 8 a. m. a 12 p. m."),
    ).toBeInTheDocument();
    expect(
      within(card).getByText("La oficina entra solo cuando usted esté en casa."),
    ).toBeInTheDocument();
    expect(within(card).getByText("La oficina")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Enviar comentario" })).toBeInTheDocument();

    // The form checks with the server's schema, and says its rules in Spanish.
    await user.click(screen.getByRole("button", { name: "Nueva solicitud" }));
    await user.click(screen.getByRole("button", { name: "Enviar solicitud" }));
    expect(
      await screen.findByText("Dé a la solicitud un título breve (de 3 a 120 caracteres)."),
    ).toBeInTheDocument();
    expect(screen.getByText("Elija qué tipo de problema es.")).toBeInTheDocument();
    expect(screen.getByText("Elija qué tan urgente es.")).toBeInTheDocument();
    expect(
      screen.getByText("Indique si podemos entrar cuando usted no esté en casa."),
    ).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: /Categoría/ })).toHaveDisplayValue(
      "Elija una categoría",
    );
    // What counts as an emergency, with the office's number to call in it.
    const note = screen.getByText(/^Una emergencia es un peligro/);
    expect(within(note).getByRole("link", { name: "(860) 555-0142" })).toBeInTheDocument();
  });
});
