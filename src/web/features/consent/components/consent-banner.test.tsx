import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  CONSENT_CLOSED_KEY,
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  consentText,
  createConsentRecord,
} from "#domain/consent";
import { resetConsent } from "../consent-store";
import { ConsentBanner } from "./consent-banner";
import { ConsentChoicePanel } from "./consent-choice-panel";

/** A page with the banner after it, as root.tsx mounts it, and the privacy page it links to. */
function renderSite(path = "/") {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <h1>Home</h1>
          <ConsentBanner />
        </>
      ),
    },
    {
      path: "/privacy",
      Component: () => (
        <>
          <h1>Privacy Policy</h1>
          <ConsentChoicePanel />
          <ConsentBanner />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const banner = () => screen.queryByRole("region", { name: consentText.heading });
const button = (name: string) => screen.getByRole("button", { name });

beforeEach(() => {
  resetConsent();
  localStorage.clear();
  sessionStorage.clear();
});

describe("ConsentBanner", () => {
  it("shows on a first visit, saying data is kept 2 years from the last activity", () => {
    renderSite();
    expect(banner()).toBeInTheDocument();
    expect(banner()).toHaveTextContent("2 years from your last activity");
    for (const name of [consentText.accept, consentText.decline, consentText.close]) {
      expect(button(name)).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: consentText.details })).toHaveAttribute(
      "href",
      "/privacy",
    );
  });

  it("Accept All hides it for good: it stays hidden in a later visit", async () => {
    const user = userEvent.setup();
    const first = renderSite();
    await user.click(button(consentText.accept));
    expect(banner()).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? "null")).toMatchObject({
      choice: "accepted",
      version: CONSENT_VERSION,
    });

    first.unmount();
    sessionStorage.clear(); // a new session
    renderSite();
    expect(banner()).not.toBeInTheDocument();
  });

  it("Decline hides it for this session only, and keeps nothing in localStorage", async () => {
    const user = userEvent.setup();
    const first = renderSite();
    await user.click(button(consentText.decline));
    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(CONSENT_STORAGE_KEY) ?? "null")).toMatchObject({
      choice: "declined",
    });

    first.unmount();
    const reload = renderSite();
    expect(banner()).not.toBeInTheDocument();

    reload.unmount();
    sessionStorage.clear();
    renderSite();
    expect(banner()).toBeInTheDocument();
  });

  it("the close button hides it for this session only, recording no choice", async () => {
    const user = userEvent.setup();
    const first = renderSite();
    await user.click(button(consentText.close));
    expect(banner()).not.toBeInTheDocument();
    expect(sessionStorage.getItem(CONSENT_CLOSED_KEY)).not.toBeNull();
    expect(sessionStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();

    first.unmount();
    const reload = renderSite();
    expect(banner()).not.toBeInTheDocument();

    reload.unmount();
    sessionStorage.clear();
    renderSite();
    expect(banner()).toBeInTheDocument();
  });

  it("More Details opens the privacy policy, where the banner still asks", async () => {
    const user = userEvent.setup();
    renderSite();
    await user.click(screen.getByRole("link", { name: consentText.details }));
    expect(await screen.findByRole("heading", { name: "Privacy Policy" })).toBeInTheDocument();
    expect(banner()).toBeInTheDocument();
  });

  it("shows when the stored answer is corrupt or made for another policy version", () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, "{not json");
    sessionStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice: "declined" }));
    const first = renderSite();
    expect(banner()).toBeInTheDocument();

    first.unmount();
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ ...createConsentRecord("accepted"), version: CONSENT_VERSION + 1 }),
    );
    renderSite();
    expect(banner()).toBeInTheDocument();
  });

  it("hides when the visitor accepts in another tab", () => {
    renderSite();
    expect(banner()).toBeInTheDocument();
    const value = JSON.stringify(createConsentRecord("accepted"));
    localStorage.setItem(CONSENT_STORAGE_KEY, value);
    act(() => {
      window.dispatchEvent(
        new StorageEvent("storage", { key: CONSENT_STORAGE_KEY, newValue: value }),
      );
    });
    expect(banner()).not.toBeInTheDocument();
  });

  it("still hides when the browser refuses storage", async () => {
    const refuse = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    const user = userEvent.setup();
    try {
      renderSite();
      await user.click(button(consentText.accept));
      expect(banner()).not.toBeInTheDocument();
    } finally {
      refuse.mockRestore();
    }
  });

  it("renders nothing on the server, and appears after hydration only when there is no answer", async () => {
    const Stub = createRoutesStub([{ path: "/", Component: ConsentBanner }]);
    const html = renderToString(<Stub initialEntries={["/"]} />);
    expect(html).not.toContain(consentText.heading);

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, <Stub initialEntries={["/"]} />));
    expect(banner()).toBeInTheDocument();
    act(() => root.unmount());
    container.remove();
  });

  it("leaves focus free: it is a region, not a modal", () => {
    renderSite();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
  });
});

describe("ConsentChoicePanel on the privacy policy", () => {
  it("tells an unanswered visitor where the banner is", () => {
    renderSite("/privacy");
    expect(screen.getByText(/You have not answered yet/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change my choice" })).not.toBeInTheDocument();
  });

  it("shows when the visitor accepted, and brings the banner back to change the choice", async () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify(createConsentRecord("accepted", new Date("2026-11-20T12:00:00Z"))),
    );
    const user = userEvent.setup();
    renderSite("/privacy");
    expect(screen.getByText(/You accepted on November 20, 2026/)).toBeInTheDocument();
    expect(banner()).not.toBeInTheDocument();

    await user.click(button("Change my choice"));
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
    expect(banner()).toBeInTheDocument();
    expect(screen.getByText(/You have not answered yet/)).toHaveFocus();
  });

  it("follows a decline made in the banner", async () => {
    const user = userEvent.setup();
    renderSite("/privacy");
    await user.click(button(consentText.decline));
    expect(screen.getByText(/You declined for this browser session/)).toBeInTheDocument();
  });
});
