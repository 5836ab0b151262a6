import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, Link, Outlet, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACCESSIBILITY_STORAGE_KEY,
  type AccessibilityPreferences,
  defaultAccessibilityPreferences,
} from "#domain/accessibility";
import { createTranslator } from "#domain/i18n/translator";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nProvider } from "#web/i18n/i18n-provider";
import { AccessibilityBehaviours } from "./accessibility-behaviours";

function Page({ title }: { title: string }) {
  const { pathname } = useLocation();
  document.title = title;
  return (
    <main id="main">
      <h1>{title}</h1>
      <p data-testid="path">{pathname}</p>
      <label>
        Search
        <input type="text" />
      </label>
      <Link to="/services">Services link</Link>
    </main>
  );
}

/** As in root.tsx: the behaviours outlive the pages. */
function App() {
  return (
    <>
      <Outlet />
      <AccessibilityBehaviours />
    </>
  );
}

function renderSite(preferences: Partial<AccessibilityPreferences> = {}) {
  localStorage.setItem(
    ACCESSIBILITY_STORAGE_KEY,
    JSON.stringify({ ...defaultAccessibilityPreferences, ...preferences }),
  );
  const Stub = createRoutesStub([
    {
      Component: App,
      children: [
        { path: "/", Component: () => <Page title="Home" /> },
        { path: "/properties", Component: () => <Page title="Properties" /> },
        { path: "/services", Component: () => <Page title="Services" /> },
        { path: "/accessibility", Component: () => <Page title="Accessibility" /> },
      ],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

/** A Spanish page (/es): the translator of its path, as I18nRoot gives it on the site. */
function renderSpanishSite() {
  localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, JSON.stringify(defaultAccessibilityPreferences));
  const Stub = createRoutesStub([
    {
      Component: App,
      children: [
        { path: "/es", Component: () => <Page title="Inicio" /> },
        { path: "/es/properties", Component: () => <Page title="Propiedades" /> },
        { path: "/es/accessibility", Component: () => <Page title="Accesibilidad" /> },
      ],
    },
  ]);
  render(
    <I18nProvider translator={createTranslator("es", messagesFor("es", ["a11y"]))}>
      <Stub initialEntries={["/es"]} />
    </I18nProvider>,
  );
}

const path = () => screen.getByTestId("path").textContent;
const press = (target: Element, code: string, mods = { altKey: true, shiftKey: true }) =>
  fireEvent.keyDown(target, { code, key: code.slice(3), ...mods });

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe("keyboard shortcuts", () => {
  it("go to the listed pages with Alt + Shift + a letter", async () => {
    renderSite();
    press(document.body, "KeyP");
    expect(await screen.findByText("/properties")).toBeInTheDocument();
    press(document.body, "KeyA");
    expect(await screen.findByText("/accessibility")).toBeInTheDocument();
    press(document.body, "KeyH");
    expect(await screen.findByText("/")).toBeInTheDocument();
  });

  it("keep the page's language: on a Spanish page they open the Spanish pages", async () => {
    renderSpanishSite();
    press(document.body, "KeyP");
    expect(await screen.findByText("/es/properties")).toBeInTheDocument();
    press(document.body, "KeyA");
    expect(await screen.findByText("/es/accessibility")).toBeInTheDocument();
    press(document.body, "KeyH");
    expect(await screen.findByText("/es")).toBeInTheDocument();
  });

  it("move focus to the main content with Alt + Shift + M", () => {
    renderSite();
    press(document.body, "KeyM");
    expect(document.activeElement).toBe(document.getElementById("main"));
    expect(document.getElementById("main")).toHaveAttribute("tabindex", "-1");
  });

  it("are ignored while typing in a field, and without both modifiers", () => {
    renderSite();
    press(screen.getByRole("textbox", { name: "Search" }), "KeyP");
    press(document.body, "KeyP", { altKey: true, shiftKey: false });
    expect(path()).toBe("/");
  });

  it("are off when keyboard navigation is turned off", () => {
    renderSite({ keyboardNavigation: false });
    press(document.body, "KeyP");
    expect(path()).toBe("/");
  });
});

describe("screen reader optimised mode", () => {
  it("announces the new page's title and moves focus to its main content", async () => {
    renderSite({ screenReaderOptimized: true });
    const announcer = screen.getByTestId("route-announcer");
    expect(announcer).toHaveAttribute("aria-live", "polite");
    expect(announcer).toBeEmptyDOMElement();
    fireEvent.click(screen.getByRole("link", { name: "Services link" }));
    await vi.waitFor(() => expect(announcer).toHaveTextContent("Services"));
    expect(document.activeElement).toBe(document.getElementById("main"));
  });

  it("stays silent when the mode is off", async () => {
    vi.useFakeTimers();
    renderSite();
    fireEvent.click(screen.getByRole("link", { name: "Services link" }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByTestId("route-announcer")).toBeEmptyDOMElement();
  });
});

describe("sound effects", () => {
  function fakeAudio() {
    const started: number[] = [];
    class FakeAudioContext {
      state = "running";
      currentTime = 0;
      destination = {};
      createOscillator() {
        const oscillator = {
          frequency: { value: 0 },
          connect: (node: unknown) => node,
          start: () => started.push(oscillator.frequency.value),
          stop: () => {},
        };
        return oscillator;
      }
      createGain() {
        return {
          gain: { setValueAtTime: () => {}, linearRampToValueAtTime: () => {} },
          connect: (node: unknown) => node,
        };
      }
    }
    vi.stubGlobal("AudioContext", FakeAudioContext);
    return started;
  }

  function showToast(type: string) {
    const toast = document.createElement("li");
    toast.setAttribute("data-sonner-toast", "");
    toast.setAttribute("data-type", type);
    document.body.append(toast);
    return toast;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    for (const toast of document.querySelectorAll("[data-sonner-toast]")) toast.remove();
  });

  it("play a rising tone when a success message appears, if turned on", async () => {
    const started = fakeAudio();
    renderSite({ soundEffects: true });
    showToast("success");
    await vi.waitFor(() => expect(started).toEqual([660, 880]));
  });

  it("stay quiet by default", async () => {
    const started = fakeAudio();
    renderSite();
    showToast("error");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual([]);
  });
});
