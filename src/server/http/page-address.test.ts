import { describe, expect, it } from "vitest";
import { pageAddress } from "./react-router";

/** The address a public page is rendered for and kept under in the page cache. */
describe("pageAddress", () => {
  it.each([
    ["/buildings/3", "/buildings/3"],
    // Parameters no page reads go: a campaign's, a social network's, a made-up one.
    ["/buildings/3?utm_source=mail&fbclid=IwAR0x", "/buildings/3"],
    ["/es/properties/12?x=1", "/es/properties/12"],
    ["/?ref=flyer", "/"],
    ["/buildings/3?", "/buildings/3"],
    // The list keeps its filters as it reads them: the last of a repeated one, numbers written
    // plainly, a value it ignores dropped, `limit` (unused by the page) dropped.
    ["/properties?beds=2", "/properties?beds=2"],
    ["/properties?utm_campaign=spring&beds=02&limit=5&beds=2", "/properties?beds=2"],
    [
      "/properties?maxRent=2500&beds=3&available=true",
      "/properties?beds=3&maxRent=2500&available=true",
    ],
    ["/es/properties?pets=cats&beds=lots", "/es/properties?pets=cats"],
    ["/properties?available=maybe", "/properties"],
    // Not only available units filters nothing.
    ["/properties?available=false&beds=1", "/properties?beds=1"],
    // A later page keeps its cursor, after the filters; a value no cursor can be is dropped.
    ["/properties?cursor=WzEsMCw2OV0&beds=2", "/properties?beds=2&cursor=WzEsMCw2OV0"],
    ["/es/properties?cursor=not%20one", "/es/properties"],
    // Navigation data keeps React Router's `_routes`, and the list's filters.
    [
      "/buildings/3.data?_routes=routes%2Fbuilding&fbclid=1",
      "/buildings/3.data?_routes=routes%2Fbuilding",
    ],
    [
      "/properties.data?beds=1&_routes=routes%2Fproperties&utm_source=x",
      "/properties.data?beds=1&_routes=routes%2Fproperties",
    ],
    // A page (not data) has no `_routes` of its own.
    ["/contact?_routes=root", "/contact"],
  ])("%s -> %s", (url, address) => {
    expect(pageAddress(url)).toBe(address);
  });

  // The app's route ids, as the server build names them.
  const routeIds = new Set(["root", "routes/layout", "routes/building", "routes/properties"]);

  it.each([
    // `_routes` is a set: written sorted, once each, with only the app's own route ids.
    [
      "/buildings/3.data?_routes=routes%2Fbuilding%2Croot",
      "/buildings/3.data?_routes=root%2Croutes%2Fbuilding",
    ],
    [
      "/buildings/3.data?_routes=root%2Croutes%2Fbuilding%2Croot",
      "/buildings/3.data?_routes=root%2Croutes%2Fbuilding",
    ],
    [
      "/properties.data?_routes=routes%2Fproperties%2Cmade-up-7&beds=2",
      "/properties.data?beds=2&_routes=routes%2Fproperties",
    ],
    // Naming no route of the app asks for no data: not a page worth keeping.
    ["/buildings/3.data?_routes=made-up-1", undefined],
    // Empty, it is read as not given: every route's data, the same as without it.
    ["/buildings/3.data?_routes=", "/buildings/3.data"],
  ])("with the build's routes: %s -> %s", (url, address) => {
    expect(pageAddress(url, routeIds)).toBe(address);
  });
});
