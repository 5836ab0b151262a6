import { act, fireEvent, render, screen } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeferredToaster, TOASTER_IDLE_FALLBACK_MS } from "./deferred-toaster";

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  vi.useRealTimers();
});

const toaster = () => document.querySelector("section[aria-label^='Notifications']");

describe("the deferred toaster", () => {
  it("is absent until the first press, then shows a toast made before it mounted", async () => {
    render(<DeferredToaster />);
    expect(toaster()).toBeNull();
    // Made before the toaster exists (sonner keeps it and replays it on subscribe).
    act(() => {
      toast.success("Saved before the toaster");
    });
    fireEvent.pointerDown(document.body);
    expect(await screen.findByText("Saved before the toaster")).toBeInTheDocument();
    expect(toaster()).not.toBeNull();
  });

  it("mounts on a first key too", async () => {
    render(<DeferredToaster />);
    fireEvent.keyDown(document.body, { key: "Tab" });
    act(() => {
      toast.info("After a key");
    });
    expect(await screen.findByText("After a key")).toBeInTheDocument();
  });

  it("mounts anyway once the page has long settled", async () => {
    vi.useFakeTimers();
    render(<DeferredToaster />);
    await act(async () => {
      vi.advanceTimersByTime(TOASTER_IDLE_FALLBACK_MS - 1);
    });
    expect(toaster()).toBeNull();
    // jsdom has no requestIdleCallback: the fallback mounts it straight away.
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await vi.waitFor(() => expect(toaster()).not.toBeNull());
  });
});
