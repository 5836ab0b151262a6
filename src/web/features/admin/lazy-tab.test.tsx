import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { lazyTab } from "./lazy-tab";

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe("lazyTab", () => {
  it("says the tab is loading, then shows it with its props; a second mount shows it at once", async () => {
    let resolve = (_: typeof Greeting) => {};
    const importer = vi.fn(
      () => new Promise<typeof Greeting>((done) => (resolve = (value) => done(value))),
    );
    const Tab = lazyTab(importer, "Loading greetings...");
    const first = render(<Tab name="Ana" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading greetings...");
    resolve(Greeting);
    expect(await screen.findByText("Hello, Ana")).toBeInTheDocument();
    first.unmount();

    render(<Tab name="Luis" />);
    expect(screen.getByText("Hello, Luis")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("preloads once, however often the tab's name is reached", async () => {
    const importer = vi.fn(async () => Greeting);
    const Tab = lazyTab(importer, "Loading greetings...");
    Tab.preload();
    Tab.preload();
    render(<Tab name="Ana" />);
    expect(await screen.findByText("Hello, Ana")).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("says when the tab's code cannot be fetched, and Try Again fetches it again", async () => {
    const importer = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(Greeting);
    const Tab = lazyTab(importer, "Loading greetings...");
    render(<Tab name="Ana" />);
    expect(
      await screen.findByRole("heading", { name: "This section could not be loaded." }),
    ).toBeInTheDocument();
    expect(screen.getByText("Check your connection, then try again.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("Hello, Ana")).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
