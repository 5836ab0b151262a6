import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster, toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { activeSessionSchema } from "#domain/api/auth";
import { authApi } from "#domain/api/auth";
import { authMessages } from "#domain/auth";
import { createTranslator } from "#domain/i18n/translator";
import type { z } from "#domain/zod";
import { answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { DevicesSection } from "./devices-section";

type ActiveSession = z.infer<typeof activeSessionSchema>;

const here: ActiveSession = {
  id: "s-here",
  current: true,
  browser: "Chrome",
  device: "Android",
  ipAddress: "203.0.113.7",
  signedInAt: "2026-11-20T14:00:00.000Z",
  lastActiveAt: "2026-11-27T15:30:00.000Z",
};
const elsewhere: ActiveSession = {
  id: "s-other",
  current: false,
  browser: "Unknown browser",
  device: "Unknown device",
  ipAddress: null,
  signedInAt: "2026-11-26T03:10:00.000Z",
  lastActiveAt: "2026-11-26T03:12:00.000Z",
};

let live: ActiveSession[];
let ended: string[];

beforeEach(() => {
  // The server lists the most recently active first; the tab puts this browser first.
  live = [elsewhere, here];
  ended = [];
  answer(
    handle(authApi.listSessions, () => ({ sessions: live })),
    handle(authApi.endSession, ({ params }) => {
      if (!live.some((s) => s.id === params.id)) return refuse(404, authMessages.sessionNotFound);
      ended.push(params.id);
      live = live.filter((s) => s.id !== params.id);
      return { success: true as const, message: authMessages.signedOut };
    }),
    handle(authApi.endOtherSessions, () => {
      const others = live.filter((s) => !s.current).length;
      live = live.filter((s) => s.current);
      return { success: true as const, message: authMessages.otherSessionsEnded, ended: others };
    }),
  );
});

afterEach(() => toast.dismiss());

const spanish = () =>
  createTranslator("es", messagesFor("es", ["common", "form", "portal", "upload"]));

function renderDevices(language: "en" | "es" = "en") {
  const section = (
    <>
      <DevicesSection />
      <Toaster />
    </>
  );
  return renderWithQuery(
    language === "es" ? <I18nProvider translator={spanish()}>{section}</I18nProvider> : section,
  );
}

describe("the portal's Devices tab", () => {
  it("lists where the tenant is signed in, this browser marked, and signs another one out", async () => {
    const user = userEvent.setup();
    renderDevices();
    expect(screen.getByText("Loading where you are signed in...")).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Browsers signed in" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(first).toHaveTextContent("Chrome on Android");
    expect(within(first!).getByText("This browser")).toBeInTheDocument();
    expect(first).toHaveTextContent("203.0.113.7");
    expect(first).toHaveTextContent("Signed in Nov 20, 2026, 9:00 AM · Last active Nov 27, 2026");
    expect(within(first!).queryByRole("button")).toBeNull();
    expect(second).toHaveTextContent("Unknown browser on Unknown device");
    expect(second).toHaveTextContent("Unknown address");

    await user.click(
      within(second!).getByRole("button", {
        name: "Sign out Unknown browser on Unknown device, Unknown address",
      }),
    );
    expect(await screen.findByText("That browser is signed out.")).toBeInTheDocument();
    expect(ended).toEqual(["s-other"]);
    await screen.findByRole("list", { name: "Browsers signed in" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect(screen.getByRole("button", { name: "Sign out everywhere else" })).toBeDisabled();
  });

  it("signs out every other browser at once", async () => {
    const user = userEvent.setup();
    live = [elsewhere, here, { ...elsewhere, id: "s-third", browser: "Safari", device: "iPhone" }];
    renderDevices();
    await screen.findByRole("list", { name: "Browsers signed in" });
    await user.click(screen.getByRole("button", { name: "Sign out everywhere else" }));
    expect(await screen.findByText("Signed out 2 other browsers.")).toBeInTheDocument();
    expect(live).toEqual([here]);
    const list = screen.getByRole("list", { name: "Browsers signed in" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
  });

  it("says it all in Spanish on the Spanish portal, the unknown names included", async () => {
    const user = userEvent.setup();
    renderDevices("es");
    const list = await screen.findByRole("list", { name: "Navegadores con la sesión iniciada" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(first).toHaveTextContent("Chrome en Android");
    expect(within(first!).getByText("Este navegador")).toBeInTheDocument();
    expect(first).toHaveTextContent("Inició sesión el 20 nov 2026");
    expect(second).toHaveTextContent("Navegador desconocido en un dispositivo desconocido");
    expect(second).toHaveTextContent("Dirección desconocida");
    expect(
      screen.getByRole("heading", { name: "Dónde tiene la sesión iniciada" }),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole("button", { name: "Cerrar sesión en los demás navegadores" }),
    );
    expect(await screen.findByText("Se cerró la sesión en otro navegador.")).toBeInTheDocument();
  });

  it("says why a sign-out failed, in the page's language, and keeps the list", async () => {
    const user = userEvent.setup();
    answer(handle(authApi.endSession, () => refuse(404, authMessages.sessionNotFound)));
    renderDevices();
    const list = await screen.findByRole("list", { name: "Browsers signed in" });
    await user.click(within(list).getByRole("button", { name: /^Sign out Unknown browser/ }));
    expect(
      await screen.findByText(
        `That browser could not be signed out. ${authMessages.sessionNotFound}`,
      ),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
  });

  it("says in Spanish that a session had already ended, and shows the list as it is now", async () => {
    const user = userEvent.setup();
    answer(
      handle(authApi.endSession, () => {
        live = [here];
        return refuse(404, authMessages.sessionNotFound);
      }),
    );
    renderDevices("es");
    const list = await screen.findByRole("list", { name: "Navegadores con la sesión iniciada" });
    await user.click(
      within(list).getByRole("button", {
        name: "Cerrar sesión de Navegador desconocido en un dispositivo desconocido, Dirección desconocida",
      }),
    );
    expect(
      await screen.findByText(
        "No se pudo cerrar la sesión de ese navegador. Esa sesión ya terminó.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
  });

  it("says when the list cannot be loaded, and loads it again on Try Again", async () => {
    const user = userEvent.setup();
    let fail = true;
    answer(handle(authApi.listSessions, () => (fail ? networkFailure : { sessions: live })));
    renderDevices();
    expect(
      await screen.findByRole("heading", {
        name: "Where you are signed in could not be loaded.",
      }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("list", { name: "Browsers signed in" })).toBeInTheDocument();
  });
});
