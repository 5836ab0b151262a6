import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { useLocation } from "react-router";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { auditApi } from "#domain/api/audit";
import type { AuditEvent } from "#domain/audit";
import { answer, apiServer, handle, networkFailure } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { choicesHandler } from "../buildings/test-support";
import { ActivityTab } from "./activity-tab";

/** Where the tab's filters and page live. */
function Address() {
  return <p data-testid="address">{useLocation().search}</p>;
}

const event = (id: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: "2026-11-26T14:05:00.000Z",
  actorId: "0b5c1a52-5d7e-4c43-9a83-0c5f0b7d1a01",
  actorEmail: "ada@example.com",
  action: "unit.updated",
  label: "Updated unit",
  targetType: "unit",
  targetId: String(id),
  propertyId: 7,
  propertyTitle: "Willow Court",
  changes: { rent: { before: 1500, after: 1400 } },
  detail: null,
  ipAddress: "198.51.100.4",
  userAgent: "Firefox on Windows",
  requestId: `req-${id}`,
  ...overrides,
});

const buildings = [
  { id: 7, title: "Willow Court" },
  { id: 8, title: "Elm Terrace" },
];

let queries: Record<string, string>[];
let failList: boolean;
let pages: Record<string, { events: AuditEvent[]; nextCursor: string | null }>;

beforeEach(() => {
  answer(choicesHandler(buildings));
  queries = [];
  failList = false;
  pages = {
    first: {
      events: [
        event(60),
        event(59, {
          action: "sign_in.failed",
          label: "Sign-in failed",
          actorEmail: "mallory@example.com",
          targetType: "session",
          targetId: null,
          propertyId: null,
          propertyTitle: null,
          changes: null,
        }),
      ],
      nextCursor: "page-2",
    },
    older: {
      events: [event(12, { changes: { title: { before: null, after: "New" } } })],
      nextCursor: null,
    },
  };
  answer(
    handle(auditApi.list, ({ query }) => {
      queries.push(query);
      if (failList) return networkFailure;
      if (query.actor === "nobody@example.com") return { events: [], nextCursor: null };
      return query.cursor === "page-2" ? pages.older! : pages.first!;
    }),
  );
});

describe("the Activity tab", () => {
  it("lists who did what, to which building, with the change before and after", async () => {
    renderWithQuery(<ActivityTab />);
    const list = await screen.findByRole("list", { name: "Activity" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByText("Updated unit")).toBeInTheDocument();
    expect(within(first!).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(first!).getByText("Willow Court")).toBeInTheDocument();
    expect(within(first!).getByText("rent")).toBeInTheDocument();
    expect(within(first!).getByText("1500").tagName).toBe("DEL");
    expect(within(first!).getByText("1400").tagName).toBe("INS");
    expect(within(second!).getByText("Sign-in failed")).toBeInTheDocument();
    expect(within(second!).getByText("mallory@example.com")).toBeInTheDocument();
  });

  it("pages to older events and back to the first, the page in the address", async () => {
    const user = userEvent.setup();
    renderWithQuery(
      <>
        <ActivityTab />
        <Address />
      </>,
    );
    await screen.findByRole("list", { name: "Activity" });
    expect(screen.queryByRole("button", { name: "First page" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("New")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next page" })).not.toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ cursor: "page-2" });
    expect(screen.getByTestId("address")).toHaveTextContent("?cursor=page-2");
    await user.click(screen.getByRole("button", { name: "First page" }));
    expect(await screen.findByText("mallory@example.com")).toBeInTheDocument();
    expect(screen.getByTestId("address")).toBeEmptyDOMElement();
  });

  it("opens on the filters and page its address names, dropping what the form could not set", async () => {
    renderWithQuery(<ActivityTab />, {
      route:
        "/?actor=ada%40example.com&action=made.up&propertyId=8&from=2026-11-01&to=soon&cursor=page-2",
    });
    expect(await screen.findByText("New")).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({
      actor: "ada@example.com",
      propertyId: "8",
      from: "2026-11-01",
      cursor: "page-2",
    });
    expect(screen.getByLabelText("Person")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Action")).toHaveValue("");
  });

  it("filters by person, action, building and days when asked, and clears", async () => {
    const user = userEvent.setup();
    renderWithQuery(<ActivityTab />);
    await screen.findByRole("list", { name: "Activity" });
    await user.type(screen.getByLabelText("Person"), "ada@example.com");
    await user.selectOptions(screen.getByLabelText("Action"), "Updated unit");
    await user.selectOptions(screen.getByLabelText("Building"), "Elm Terrace");
    await user.type(screen.getByLabelText("From"), "2026-11-01");
    await user.type(screen.getByLabelText("To"), "2026-11-26");
    // Nothing is asked until Filter.
    expect(queries).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        actor: "ada@example.com",
        action: "unit.updated",
        propertyId: "8",
        from: "2026-11-01",
        to: "2026-11-26",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(queries.at(-1)).toEqual({}));
    expect(screen.getByLabelText("Person")).toHaveValue("");
  });

  it("says when nothing matches, and when there is nothing yet", async () => {
    const user = userEvent.setup();
    pages.first = { events: [], nextCursor: null };
    renderWithQuery(<ActivityTab />);
    expect(await screen.findByText("No activity yet")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Person"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    expect(await screen.findByText("No activity matches these filters")).toBeInTheDocument();
  });

  it("shows a load failure with Try Again, which recovers", async () => {
    failList = true;
    const user = userEvent.setup();
    renderWithQuery(<ActivityTab />);
    expect(await screen.findByText("Failed to load activity")).toBeInTheDocument();
    failList = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("list", { name: "Activity" })).toBeInTheDocument();
  });

  it("exports the filtered events as a CSV file", async () => {
    const asked: string[] = [];
    apiServer.use(
      http.get(auditApi.export.path, ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse('"time","actor"\r\n', {
          headers: { "content-type": "text/csv; charset=utf-8" },
        });
      }),
    );
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    Object.assign(URL, {
      createObjectURL: () => "blob:activity",
      revokeObjectURL: () => undefined,
    });
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    onTestFinished(() => {
      click.mockRestore();
      Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
    });
    const user = userEvent.setup();
    renderWithQuery(<ActivityTab />);
    await screen.findByRole("list", { name: "Activity" });
    await user.selectOptions(screen.getByLabelText("Action"), "Sign-in failed");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(asked).toEqual(["?action=sign_in.failed"]);
  });
});
