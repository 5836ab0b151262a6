import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { Toaster, toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import {
  type MaintenanceRequest,
  maintenanceMessages,
  maintenanceStaffMessages,
} from "#domain/maintenance";
import { type Answer, answer, handle, refuse } from "#tests/support/api-mocks";
import { renderWithQuery, testQueryClient } from "#tests/support/render-with-query";
import { QueryProvider } from "#web/lib/query";
import { choicesHandler } from "../buildings/test-support";
import { MaintenanceTab } from "./maintenance-tab";
import { MaintenanceTabCount } from "./maintenance-tab-count";
import { sampleRequest } from "./test-support";

type Of<C extends keyof typeof adminMaintenanceApi> = Answer<(typeof adminMaintenanceApi)[C]>;

const buildings = [
  { id: 1, title: "Maple Court" },
  { id: 2, title: "Oak Row" },
];

let requests: MaintenanceRequest[];
let listAnswer: () => Of<"list">;
let summary: { open: number; emergencies: number };
let queries: Record<string, string>[];
let updates: unknown[];
let comments: unknown[];

beforeEach(() => {
  answer(choicesHandler(buildings));
  requests = [
    sampleRequest("r2", {
      title: "Burst pipe under the sink",
      urgency: "emergency",
      createdAt: "2026-03-01T10:00:00.000Z",
      photos: [
        { id: "p1", url: "/files/signed/p1?sig=a", width: 1200, height: 900 },
        { id: "p2", url: "/files/signed/p2?sig=b", width: 900, height: 1200 },
      ],
      comments: [
        {
          id: "c1",
          body: "Water is on the floor.",
          author: { name: "Ann Lee", role: "tenant" },
          createdAt: "2026-03-01T10:05:00.000Z",
        },
      ],
    }),
    sampleRequest("r3", {
      title: "Broken dishwasher",
      category: "appliance",
      urgency: "urgent",
      status: "scheduled",
      scheduledFor: "2026-03-10",
      window: "morning",
      tenant: { id: "t2", name: "Bob Ray", email: "bob@example.com" },
      property: { id: 2, name: "Oak Row", unit: "1A", unitId: 21 },
    }),
    sampleRequest("r1", { title: "Loose cabinet door", category: "other" }),
  ];
  listAnswer = () => ({ requests, nextCursor: null });
  summary = { open: 3, emergencies: 1 };
  queries = [];
  updates = [];
  comments = [];
  answer(
    handle(adminMaintenanceApi.list, ({ query }) => {
      queries.push(query);
      return listAnswer();
    }),
    handle(adminMaintenanceApi.summary, () => summary),
    handle(adminMaintenanceApi.get, ({ params }) => {
      const found = requests.find((r) => r.id === params.id);
      return found ?? refuse(404, maintenanceMessages.notFound);
    }),
    handle(adminMaintenanceApi.update, ({ params, body }) => {
      updates.push(body);
      const update = body as Partial<MaintenanceRequest>;
      requests = requests.map((r) =>
        r.id === params.id
          ? {
              ...r,
              status: update.status ?? r.status,
              scheduledFor: update.scheduledFor ?? null,
              window: update.window ?? null,
            }
          : r,
      );
      summary = { open: 2, emergencies: 0 };
      return requests.find((r) => r.id === params.id)!;
    }),
    handle(adminMaintenanceApi.comment, ({ params, body }) => {
      comments.push(body);
      const text = (body as { body: string }).body;
      requests = requests.map((r) =>
        r.id === params.id
          ? {
              ...r,
              comments: [
                ...r.comments,
                {
                  id: `c${r.comments.length + 2}`,
                  body: text,
                  author: { name: "Office", role: "staff" as const },
                  createdAt: "2026-03-02T09:00:00.000Z",
                },
              ],
              commentCount: r.commentCount + 1,
            }
          : r,
      );
      return { status: 201, body: requests.find((r) => r.id === params.id)! };
    }),
  );
});

afterEach(() => {
  toast.dismiss();
});

const show = () =>
  renderWithQuery(
    <>
      <div role="tablist" aria-label="Dashboard sections">
        <button type="button" role="tab" aria-selected="true">
          Maintenance <MaintenanceTabCount />
        </button>
      </div>
      <MaintenanceTab />
      <Toaster />
    </>,
  );

const rows = async () =>
  within(await screen.findByRole("list", { name: "Maintenance requests" })).getAllByRole(
    "listitem",
  );

async function openRequest(user: UserEvent, title: string) {
  await user.click(await screen.findByRole("button", { name: title }));
  const dialog = await screen.findByRole("dialog", { name: title });
  await within(dialog).findByRole("heading", { name: "Description" });
  return dialog;
}

describe("MaintenanceTab: the list", () => {
  it("shows the requests in the server's order with each one's facts, and the counts on the tab", async () => {
    show();
    expect(screen.getByRole("heading", { name: "Maintenance" })).toBeInTheDocument();
    expect(screen.getByText(maintenanceStaffMessages.loading)).toBeInTheDocument();

    const [first, second, third] = await rows();
    expect(within(first!).getByRole("heading")).toHaveTextContent("Burst pipe under the sink");
    expect(within(second!).getByRole("heading")).toHaveTextContent("Broken dishwasher");
    expect(within(third!).getByRole("heading")).toHaveTextContent("Loose cabinet door");

    expect(first).toHaveTextContent("Maple Court, Unit 2B");
    expect(first).toHaveTextContent("Ann Lee");
    expect(first).toHaveTextContent("Plumbing");
    expect(within(first!).getByText("Emergency")).toHaveClass("bg-destructive");
    expect(within(first!).getByText("Submitted")).toBeInTheDocument();
    expect(first).toHaveTextContent("Sent Mar 1, 2026, 5:00 AM");
    expect(first).toHaveTextContent("2 photos");
    expect(first).toHaveTextContent("1 comment");
    expect(second).toHaveTextContent("Oak Row, Unit 1A");
    expect(second).toHaveTextContent("Appliance");
    expect(within(second!).getByText("Urgent")).toBeInTheDocument();
    expect(within(second!).getByText("Scheduled")).toBeInTheDocument();
    expect(second).toHaveTextContent("Visit: Tue, Mar 10, 2026, 8 AM to 12 PM");

    expect(
      await screen.findByRole("tab", { name: "Maintenance 3 open 1 emergency" }),
    ).toBeVisible();
    expect(screen.getByText("3 open, 1 emergency")).toBeInTheDocument();
    expect(queries[0]).toEqual({ status: "open" });
  });

  it("asks the server again for each filter: building, status (none for all), urgency", async () => {
    const user = userEvent.setup();
    show();
    await rows();
    await user.selectOptions(screen.getByLabelText("Building"), "Oak Row");
    await waitFor(() => expect(queries.at(-1)).toEqual({ status: "open", propertyId: "2" }));
    await user.selectOptions(screen.getByLabelText("Urgency"), "Emergency");
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ status: "open", propertyId: "2", urgency: "emergency" }),
    );
    await user.selectOptions(screen.getByLabelText("Status"), "Completed");
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        status: "completed",
        propertyId: "2",
        urgency: "emergency",
      }),
    );
    listAnswer = () => ({ requests: [], nextCursor: null });
    await user.selectOptions(screen.getByLabelText("Status"), "All statuses");
    await waitFor(() => expect(queries.at(-1)).toEqual({ propertyId: "2", urgency: "emergency" }));
    expect(await screen.findByText(maintenanceStaffMessages.empty)).toBeInTheDocument();
    expect(screen.getByText(maintenanceStaffMessages.emptyFiltered)).toBeInTheDocument();
  });

  it("says when nothing is open, and when the list failed, with Try Again", async () => {
    const user = userEvent.setup();
    listAnswer = () => refuse(500, "Database unavailable");
    show();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(maintenanceStaffMessages.loadFailed);
    expect(alert).toHaveTextContent("Database unavailable");
    listAnswer = () => ({ requests: [], nextCursor: null });
    await user.click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText(maintenanceStaffMessages.emptyOpen)).toBeInTheDocument();
  });
});

describe("MaintenanceTab: a request", () => {
  it("shows the description, permission, preferred times, photos (larger on click) and comments", async () => {
    const user = userEvent.setup();
    show();
    const dialog = await openRequest(user, "Burst pipe under the sink");
    expect(dialog).toHaveTextContent("The kitchen faucet drips all night.");
    expect(dialog).toHaveTextContent("Yes, the office may enter when the tenant is not home");
    expect(dialog).toHaveTextContent("Weekday mornings");
    expect(dialog).toHaveTextContent("ann@example.com");

    const large = within(dialog).getByRole("img", { name: /^Photo 1 of 2/ });
    expect(large).toHaveAttribute("src", "/files/signed/p1?sig=a");
    await user.click(within(dialog).getByRole("button", { name: "Show photo 2" }));
    expect(within(dialog).getByRole("img", { name: /^Photo 2 of 2/ })).toHaveAttribute(
      "src",
      "/files/signed/p2?sig=b",
    );
    expect(within(dialog).getByRole("button", { name: "Show photo 2" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    const thread = within(dialog).getByRole("list", { name: "Comments" });
    expect(thread).toHaveTextContent("Water is on the floor.");
    expect(thread).toHaveTextContent("Tenant");
  });

  it("needs a date and a window to schedule, then sends them; the list and the tab's count follow", async () => {
    const user = userEvent.setup();
    show();
    await screen.findByRole("tab", { name: "Maintenance 3 open 1 emergency" });
    const title = await screen.findByRole("button", { name: "Burst pipe under the sink" });
    const dialog = await openRequest(user, "Burst pipe under the sink");

    await user.selectOptions(within(dialog).getByLabelText("Status"), "Scheduled");
    await user.click(within(dialog).getByRole("button", { name: "Save status" }));
    expect(await within(dialog).findByText(maintenanceMessages.scheduleNeeded)).toBeInTheDocument();
    expect(updates).toEqual([]);

    await user.type(within(dialog).getByLabelText("Visit date"), "2026-03-12");
    await user.click(within(dialog).getByRole("button", { name: "Save status" }));
    expect(await within(dialog).findByText(maintenanceMessages.scheduleNeeded)).toBeInTheDocument();
    expect(updates).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText("Time window"), "12 PM to 4 PM");
    await user.click(within(dialog).getByRole("button", { name: "Save status" }));
    expect(await screen.findByText(maintenanceMessages.updated)).toBeInTheDocument();
    expect(updates).toEqual([
      { status: "scheduled", scheduledFor: "2026-03-12", window: "afternoon" },
    ]);
    expect(await within(dialog).findByText("Thu, Mar 12, 2026, 12 PM to 4 PM")).toBeInTheDocument();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(title).toHaveFocus();
    // The contract's invalidation refetched the list and the summary behind the dialog.
    expect(await screen.findByRole("tab", { name: "Maintenance 2 open" })).toBeInTheDocument();
    const [first] = await rows();
    await waitFor(() => expect(first).toHaveTextContent("Visit: Thu, Mar 12, 2026, 12 PM to 4 PM"));
  });

  it("sends a status alone, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    show();
    const dialog = await openRequest(user, "Broken dishwasher");
    expect(within(dialog).getByLabelText("Visit date")).toHaveValue("2026-03-10");
    await user.selectOptions(within(dialog).getByLabelText("Status"), "In progress");
    expect(within(dialog).queryByLabelText("Visit date")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save status" }));
    expect(await screen.findByText(maintenanceMessages.updated)).toBeInTheDocument();
    expect(updates).toEqual([{ status: "in_progress" }]);

    answer(handle(adminMaintenanceApi.update, () => refuse(404, maintenanceMessages.notFound)));
    await user.selectOptions(within(dialog).getByLabelText("Status"), "Completed");
    await user.click(within(dialog).getByRole("button", { name: "Save status" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      maintenanceMessages.notFound,
    );
  });

  it("checks a comment, sends it and shows it in the thread", async () => {
    const user = userEvent.setup();
    show();
    const dialog = await openRequest(user, "Loose cabinet door");
    expect(dialog).toHaveTextContent(maintenanceStaffMessages.noComments);
    expect(dialog).toHaveTextContent(maintenanceStaffMessages.noPhotos);
    await user.click(within(dialog).getByRole("button", { name: "Send comment" }));
    expect(await within(dialog).findByText(maintenanceMessages.comment)).toBeInTheDocument();
    expect(comments).toEqual([]);

    await user.type(
      within(dialog).getByLabelText("Comment to the tenant"),
      "  We come on Tuesday.  ",
    );
    await user.click(within(dialog).getByRole("button", { name: "Send comment" }));
    expect(await screen.findByText(maintenanceStaffMessages.commentSent)).toBeInTheDocument();
    expect(comments).toEqual([{ body: "We come on Tuesday." }]);
    const thread = within(dialog).getByRole("list", { name: "Comments" });
    expect(thread).toHaveTextContent("We come on Tuesday.");
    expect(thread).toHaveTextContent("Office");
    expect(within(dialog).getByLabelText("Comment to the tenant")).toHaveValue("");
  });

  it("opens the request the address names, and says when it no longer exists", async () => {
    const at = (request: string) =>
      render(
        <MemoryRouter initialEntries={[`/admin-dashboard?tab=maintenance&request=${request}`]}>
          <QueryProvider client={testQueryClient()}>
            <MaintenanceTab />
          </QueryProvider>
        </MemoryRouter>,
      );
    const { unmount } = at("r3");
    expect(await screen.findByRole("dialog", { name: "Broken dishwasher" })).toBeInTheDocument();
    unmount();

    at("gone");
    const dialog = await screen.findByRole("dialog", { name: "Maintenance request" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      maintenanceMessages.notFound,
    );
  });
});
