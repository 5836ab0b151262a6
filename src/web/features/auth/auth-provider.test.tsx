import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { allowConsoleError } from "#tests/support/fail-on-console-error";
import { AuthProvider, useAuth } from "./auth-provider";
import { TOKEN_KEY, USER_KEY } from "./session-storage";

function Probe() {
  const { user, ready } = useAuth();
  return <p>{ready ? (user ? `signed in as ${user.email}` : "signed out") : "checking"}</p>;
}

describe("useAuth", () => {
  it("fails outside its provider with the product's message", () => {
    // React reports the thrown render error on the console; that is the point here.
    allowConsoleError(/useAuth must be used within an AuthProvider|The above error occurred/);
    expect(() => render(<Probe />)).toThrow("useAuth must be used within an AuthProvider");
  });

  it("starts signed out, with storage cleared, when the stored token has expired", async () => {
    const payload = btoa(JSON.stringify({ sub: "u1", exp: Math.floor(Date.now() / 1000) - 10 }));
    localStorage.setItem(TOKEN_KEY, `h.${payload}.s`);
    localStorage.setItem(
      USER_KEY,
      JSON.stringify({ uid: "u1", email: "a@b.co", role: "admin", emailVerified: true }),
    );
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText("signed out")).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });
});
