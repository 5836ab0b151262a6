import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { useBrowserStore } from "./browser-store";

/** A store only the browser can read, as consent and the stored preferences are. */
function makeStore(value: string) {
  let current = value;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read: () => current,
    set(next: string) {
      current = next;
      for (const listener of listeners) listener();
    },
  };
}

describe("useBrowserStore", () => {
  it("renders the server's snapshot on the server and through hydration, then the browser's; later mounts read the browser's at once", async () => {
    const store = makeStore("stored answer");
    const seen: string[] = [];
    function Status({ label }: { label: string }) {
      const value = useBrowserStore(store.subscribe, store.read, () => "unknown");
      seen.push(`${label}:${value}`);
      return <p>{value}</p>;
    }

    const html = renderToString(<Status label="server" />);
    expect(html).toBe("<p>unknown</p>");

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Status label="page" />, { onRecoverableError: recoverable });
    });
    // The first client render matched the server's HTML (no mismatch to recover from), and the
    // browser's value followed in a render of its own.
    expect(recoverable).not.toHaveBeenCalled();
    expect(seen.slice(0, 3)).toEqual(["server:unknown", "page:unknown", "page:stored answer"]);
    expect(container.textContent).toBe("stored answer");

    // The store still drives it.
    await act(async () => store.set("changed"));
    expect(container.textContent).toBe("changed");

    // A component mounted once the page is live (a page opened from a link) never shows the
    // server's placeholder.
    seen.length = 0;
    const later = document.createElement("div");
    const { createRoot } = await import("react-dom/client");
    const laterRoot = createRoot(later);
    await act(async () => laterRoot.render(<Status label="later" />));
    expect(seen).toEqual(["later:changed"]);

    act(() => {
      root?.unmount();
      laterRoot.unmount();
    });
    container.remove();
  });
});
