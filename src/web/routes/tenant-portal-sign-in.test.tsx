import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { authApi } from "#domain/api/auth";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import type { SessionUser } from "#domain/auth";
import { tenantMessages } from "#domain/maintenance";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { AuthProvider, useAuth } from "#web/features/auth/auth-provider";
import { TOKEN_KEY, USER_KEY } from "#web/features/auth/session-storage";
import Login from "./login";
import TenantSignIn from "./tenant-portal-sign-in";

const tina: SessionUser = {
  uid: "t1",
  email: "tina@example.com",
  displayName: "Tina Tenant",
  role: "tenant",
  emailVerified: true,
};

function sessionToken() {
  const payload = btoa(JSON.stringify({ sub: "t1", exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `h.${payload}.s`;
}

/** Where the page went, and who the session says is signed in (as the site header would). */
function Landed() {
  const location = useLocation();
  const { user } = useAuth();
  return <p>{`Landed on ${location.pathname} as ${user?.displayName ?? "nobody"}`}</p>;
}

function renderAt(path: string) {
  const Stub = createRoutesStub([
    { path: "/tenant-portal/sign-in", Component: TenantSignIn },
    { path: "/tenant-portal", Component: Landed },
    { path: "/login", Component: Login },
  ]);
  return render(
    <AuthProvider>
      <Stub initialEntries={[path]} />
    </AuthProvider>,
  );
}

beforeEach(() => localStorage.clear());

describe("/tenant-portal/sign-in: asking for a link", () => {
  it("gives the same answer whatever the address, and lets the tenant ask again", async () => {
    const asked: unknown[] = [];
    answer(
      handle(tenantPortalApi.signInLink, ({ body }) => {
        asked.push(body);
        return { success: true as const, message: "Sent." };
      }),
    );
    const user = userEvent.setup();
    renderAt("/tenant-portal/sign-in");
    await user.type(await screen.findByLabelText("Email"), "Tina@Example.com");
    await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    const sent = await screen.findByText(tenantMessages.linkSent);
    expect(sent.closest("[role=status]")).toHaveFocus();
    expect(asked).toEqual([{ email: "tina@example.com", lang: "en" }]);
    await user.click(screen.getByRole("button", { name: "Send another link" }));
    expect(await screen.findByLabelText("Email")).toBeInTheDocument();
  });

  it("checks the address before sending it", async () => {
    const user = userEvent.setup();
    renderAt("/tenant-portal/sign-in");
    await user.type(await screen.findByLabelText("Email"), "not-an-address");
    await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(tenantMessages.email);
  });

  it("says the server's refusal (too many requests) on the field", async () => {
    answer(
      handle(tenantPortalApi.signInLink, () => refuse(429, "Too many requests. Wait a minute.")),
    );
    const user = userEvent.setup();
    renderAt("/tenant-portal/sign-in");
    await user.type(await screen.findByLabelText("Email"), "tina@example.com");
    await user.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many requests. Wait a minute.");
    expect(screen.getByLabelText("Email")).toHaveFocus();
  });
});

describe("/tenant-portal/sign-in?token=: the e-mailed link", () => {
  it("exchanges the token for a session, stores it under the spec's keys and opens the portal", async () => {
    const tokens: unknown[] = [];
    const token = sessionToken();
    answer(
      handle(tenantPortalApi.signIn, ({ body }) => {
        tokens.push(body);
        return { token, user: tina };
      }),
    );
    renderAt("/tenant-portal/sign-in?token=link-123");
    expect(await screen.findByText("Signing you in...")).toBeInTheDocument();
    expect(await screen.findByText("Landed on /tenant-portal as Tina Tenant")).toBeInTheDocument();
    // The page's language goes with the token: the tenant's e-mails follow it.
    expect(tokens).toEqual([{ token: "link-123", lang: "en" }]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? "null")).toEqual(tina);
  });

  it("says a used or expired link does not work, and offers to send a new one", async () => {
    const tokens: unknown[] = [];
    answer(
      handle(tenantPortalApi.signIn, ({ body }) => {
        tokens.push(body);
        return refuse(400, tenantMessages.linkInvalid);
      }),
    );
    renderAt("/tenant-portal/sign-in?token=used-1");
    expect(await screen.findByRole("alert")).toHaveTextContent(tenantMessages.linkInvalid);
    expect(screen.getByRole("button", { name: "Email me a sign-in link" })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    // Tried once: a link works once, and a second try would only be refused again.
    await waitFor(() => expect(tokens).toEqual([{ token: "used-1", lang: "en" }]));
  });

  it("sends a visitor already signed in, without a link, to their portal", async () => {
    localStorage.setItem(TOKEN_KEY, sessionToken());
    localStorage.setItem(USER_KEY, JSON.stringify(tina));
    answer(handle(authApi.me, () => ({ user: tina })));
    renderAt("/tenant-portal/sign-in");
    expect(await screen.findByText("Landed on /tenant-portal as Tina Tenant")).toBeInTheDocument();
  });
});

describe("/login", () => {
  it("points tenants to the sign-in link", async () => {
    renderAt("/login");
    const link = await screen.findByRole("link", { name: "Email me a sign-in link" });
    expect(link).toHaveAttribute("href", "/tenant-portal/sign-in");
  });
});
