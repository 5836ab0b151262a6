import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { site } from "#domain/site";
import { SiteFooter } from "./site-footer";

function renderFooter() {
  const Stub = createRoutesStub([{ path: "/", Component: SiteFooter }]);
  render(<Stub initialEntries={["/"]} />);
}

const linksOf = (name: string) =>
  within(screen.getByRole("navigation", { name }))
    .getAllByRole("link")
    .map((a) => [a.textContent, a.getAttribute("href")]);

describe("SiteFooter", () => {
  it("shows the tagline, the city and the contact e-mail as static text", () => {
    renderFooter();
    expect(screen.getByText(site.tagline)).toBeInTheDocument();
    expect(screen.getByText(site.city)).toBeInTheDocument();
    expect(screen.getByText(site.email)).toBeInTheDocument();
  });

  it("has three link groups: Quick Links, For Renters and Legal", () => {
    renderFooter();
    expect(linksOf("Quick Links")).toEqual([
      ["Home", "/"],
      ["Properties", "/properties"],
      ["Services", "/services"],
      ["Contact", "/contact"],
    ]);
    expect(linksOf("For Renters").map(([label]) => label)).toEqual([
      "Browse Properties",
      "Schedule Viewing",
      "Property Inquiry",
      "Rental Process",
    ]);
    expect(linksOf("Legal")).toEqual([
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Accessibility", "/accessibility"],
    ]);
  });

  it("carries the Equal Housing Opportunity statement", () => {
    renderFooter();
    expect(screen.getByText("Equal Housing Opportunity.")).toBeInTheDocument();
  });
});
