import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data } from "react-router";
import { describe, expect, it, vi } from "vitest";
import Home from "./home";
import Properties, { ErrorBoundary as PropertiesError } from "./properties";
import UnitPage, { ErrorBoundary as UnitError } from "./unit";

/**
 * The failure and empty states of the listing pages, which a healthy server never shows: the
 * loaders are replaced by stubs that fail or return nothing.
 */
describe("home page listings", () => {
  it("shows 'Unable to Load Properties' when the listings cannot be loaded", async () => {
    const Stub = createRoutesStub([
      { path: "/", Component: Home, loader: () => ({ buildings: [], failed: true }) },
    ]);
    render(<Stub />);
    expect(
      await screen.findByRole("heading", { name: "Unable to Load Properties" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/make sure the backend and frontend servers are running/),
    ).toBeInTheDocument();
  });

  it("shows 'No Properties Available' when there are none", async () => {
    const Stub = createRoutesStub([
      { path: "/", Component: Home, loader: () => ({ buildings: [], failed: false }) },
    ]);
    render(<Stub />);
    expect(
      await screen.findByRole("heading", { name: "No Properties Available" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/listings are being updated/)).toBeInTheDocument();
  });
});

describe("/properties", () => {
  it("shows 'Error Loading Buildings' with the message, and Try Again loads again", async () => {
    const loader = vi
      .fn()
      .mockRejectedValueOnce(new Error("Failed to fetch buildings"))
      .mockResolvedValue({
        buildings: [],
        before: 0,
        nextCursor: null,
        cursor: null,
        count: { buildings: 0, availableUnits: 0 },
        filters: {},
      });
    const Stub = createRoutesStub([
      {
        path: "/properties",
        Component: Properties,
        ErrorBoundary: PropertiesError,
        loader,
        HydrateFallback: () => null,
      },
    ]);
    render(<Stub initialEntries={["/properties"]} />);
    expect(
      await screen.findByRole("heading", { name: "Error Loading Buildings" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Failed to fetch buildings")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(
      await screen.findByRole("heading", { name: "No Buildings Available" }),
    ).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it("shows the portfolio line with the number of buildings and available units", async () => {
    const building = (id: number, availableUnits: number) => ({
      id,
      name: `B${id}`,
      type: "apartment",
      address: "1 Main St",
      city: "Hartford",
      state: "CT",
      zipCode: "06103",
      hasVacancy: availableUnits > 0,
      images: ["/x.webp"],
      photos: [{ url: "/x.webp", srcSet: "", width: 1200, height: 800, alt: "x" }],
      amenities: [],
      yearBuilt: null,
      availableUnits,
      totalUnits: 4,
      rentFrom: null,
      featured: false,
      description: "",
    });
    const Stub = createRoutesStub([
      {
        path: "/properties",
        Component: Properties,
        // The first page of a longer list: the line counts the whole list, not the page.
        loader: () => ({
          buildings: [building(1, 2), building(2, 1)],
          before: 0,
          nextCursor: "WzEsMSwyXQ",
          cursor: null,
          count: { buildings: 40, availableUnits: 31 },
          filters: {},
        }),
      },
    ]);
    render(<Stub initialEntries={["/properties"]} />);
    expect(
      await screen.findByText("Our portfolio: 40 buildings with 31 available units"),
    ).toBeInTheDocument();
    expect(screen.getByText("Buildings 1–2 of 40")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Show more buildings" })).toBeInTheDocument();
  });
});

describe("unit page", () => {
  it("shows 'Error Loading Unit' with the message when loading fails", async () => {
    const Stub = createRoutesStub([
      {
        path: "/properties/:id",
        Component: UnitPage,
        ErrorBoundary: UnitError,
        loader: () => {
          throw data({ message: "Failed to fetch property" }, { status: 500 });
        },
      },
    ]);
    render(<Stub initialEntries={["/properties/7"]} />);
    expect(await screen.findByRole("heading", { name: "Error Loading Unit" })).toBeInTheDocument();
    expect(screen.getByText("Failed to fetch property")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Available Units" })).toHaveAttribute(
      "href",
      "/properties",
    );
  });
});
