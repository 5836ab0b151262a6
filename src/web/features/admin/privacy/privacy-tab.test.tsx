import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { privacyApi } from "#domain/api/privacy";
import {
  heldKinds,
  type PersonData,
  type PrivacyRequestRow,
  privacyMessages,
} from "#domain/privacy";
import { answer, handle } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { spyOnToasts } from "#tests/support/toast-spy";
import { PrivacyTab } from "./privacy-tab";

spyOnToasts();

const none = { count: 0, newest: [] };
const nothingHeld = () =>
  Object.fromEntries(heldKinds.map((kind) => [kind, none])) as unknown as PersonData["held"];
let held: PersonData;
let erased: unknown[];
let requests: PrivacyRequestRow[];
let answered: string[];

const DAY = 86_400_000;
const request = (values: Partial<PrivacyRequestRow>): PrivacyRequestRow => ({
  id: crypto.randomUUID(),
  email: "lucia@example.com",
  kind: "deletion",
  lang: "es",
  confirmedAt: new Date(Date.now() - 40 * DAY).toISOString(),
  dueAt: new Date(Date.now() + 5 * DAY - 60_000).toISOString(),
  answeredAt: null,
  answeredBy: null,
  ...values,
});

const rosa = (): PersonData => ({
  email: "rosa@example.com",
  held: {
    ...nothingHeld(),
    inquiries: {
      count: 2,
      newest: [{ at: "2026-11-30T15:00:00.000Z", text: "Can I see it on Saturday?" }],
    },
    account: {
      count: 1,
      newest: [{ at: "2026-01-05T15:00:00.000Z", text: "Tenant portal account, active" }],
    },
  },
  kept: [{ kind: "account", reason: privacyMessages.keptTenancy }],
});

beforeEach(() => {
  held = rosa();
  erased = [];
  requests = [];
  answered = [];
  answer(
    handle(privacyApi.listRequests, ({ query }) => {
      const open = (query as { status?: string }).status !== "answered";
      const items = requests.filter((row) => (row.answeredAt === null) === open);
      return {
        items,
        nextCursor: null,
        open: requests.filter((row) => !row.answeredAt).length,
        overdue: requests.filter((row) => !row.answeredAt && Date.parse(row.dueAt) < Date.now())
          .length,
      };
    }),
    handle(privacyApi.answerRequest, ({ params }) => {
      const id = String(params.id);
      answered.push(id);
      const row = requests.find((r) => r.id === id)!;
      row.answeredAt = new Date().toISOString();
      row.answeredBy = "admin@example.com";
      return row;
    }),
    handle(privacyApi.lookup, ({ body }) => ({
      ...held,
      email: (body as { email: string }).email,
    })),
    handle(privacyApi.erase, ({ body }) => {
      erased.push(body);
      held = { ...held, held: { ...held.held, inquiries: none } };
      return {
        success: true as const,
        message: privacyMessages.erased,
        removed: {
          ...(Object.fromEntries(heldKinds.map((kind) => [kind, 0])) as Record<
            (typeof heldKinds)[number],
            number
          >),
          inquiries: 2,
        },
        kept: held.kept,
      };
    }),
  );
});

describe("the Privacy tab", () => {
  it("lists the renters' open requests soonest due first, with the days left, and marks one answered", async () => {
    requests = [
      request({
        email: "late@example.com",
        kind: "access",
        lang: "en",
        dueAt: new Date(Date.now() - 2 * DAY - 60_000).toISOString(),
      }),
      request({}),
    ];
    const user = userEvent.setup();
    renderWithQuery(<PrivacyTab />);
    const list = await screen.findByRole("list", { name: "Privacy requests" });
    const [late, lucia] = within(list).getAllByRole("listitem");
    expect(late).toHaveTextContent("late@example.com");
    expect(late).toHaveTextContent("A copy of their data");
    expect(late).toHaveTextContent("Overdue by 2 days");
    expect(lucia).toHaveTextContent("Deletion of their data");
    expect(lucia).toHaveTextContent("Spanish");
    expect(lucia).toHaveTextContent("Due in 5 days");
    expect(screen.getByText("2 open, 1 overdue")).toBeVisible();

    // "Look up" fills the lookup with the address and runs it.
    await user.click(within(lucia!).getByRole("button", { name: "Look up" }));
    expect(await screen.findByRole("list", { name: "Held about lucia@example.com" })).toBeVisible();
    expect(screen.getByLabelText("E-mail address")).toHaveValue("lucia@example.com");

    await user.click(within(lucia!).getByRole("button", { name: "Mark answered" }));
    expect(toast.success).toHaveBeenCalledWith("The request is marked answered.");
    expect(answered).toEqual([requests[1]!.id]);
    await expect
      .poll(
        () =>
          within(screen.getByRole("list", { name: "Privacy requests" })).getAllByRole("listitem")
            .length,
      )
      .toBe(1);

    await user.click(screen.getByRole("radio", { name: "Answered" }));
    await expect
      .poll(() => screen.queryByRole("list", { name: "Privacy requests" })?.textContent ?? "")
      .toMatch(/lucia@example\.com.*answered .* by admin@example\.com/);
  });

  it("says when no request is open", async () => {
    renderWithQuery(<PrivacyTab />);
    expect(await screen.findByText("No open requests")).toBeVisible();
  });

  it("looks an address up, shows what is held and kept, and erases it once the address is typed again", async () => {
    const user = userEvent.setup();
    renderWithQuery(<PrivacyTab />);
    await user.type(screen.getByLabelText("E-mail address"), "Rosa@Example.com");
    await user.click(screen.getByRole("button", { name: "Look up" }));
    const list = await screen.findByRole("list", { name: "Held about rosa@example.com" });
    expect(within(list).getByText("Can I see it on Saturday?")).toBeVisible();
    expect(within(list).getByText(privacyMessages.keptTenancy)).toBeVisible();
    expect(within(list).getByText("Kept")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Erase" }));
    const dialog = await screen.findByRole("dialog", { name: "Erase this person's data" });
    await user.type(within(dialog).getByLabelText("Type the address again"), "rosa@example.co");
    await user.click(within(dialog).getByRole("button", { name: "Erase" }));
    expect(await within(dialog).findByText(privacyMessages.confirmMismatch)).toBeVisible();
    expect(erased).toEqual([]);

    await user.type(within(dialog).getByLabelText("Type the address again"), "m");
    await user.click(within(dialog).getByRole("button", { name: "Erase" }));
    expect(toast.success).toHaveBeenCalledWith(privacyMessages.erased);
    expect(erased).toEqual([{ email: "rosa@example.com", confirmEmail: "rosa@example.com" }]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText("Can I see it on Saturday?").catch(() => null)).toBeNull();
  });

  it("says when nothing is held, and refuses a bad address on its field", async () => {
    held = {
      email: "",
      held: nothingHeld(),
      kept: [],
    };
    const user = userEvent.setup();
    renderWithQuery(<PrivacyTab />);
    await user.type(screen.getByLabelText("E-mail address"), "not an address");
    await user.click(screen.getByRole("button", { name: "Look up" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeVisible();
    await user.clear(screen.getByLabelText("E-mail address"));
    await user.type(screen.getByLabelText("E-mail address"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Look up" }));
    expect(await screen.findByText("We hold nothing about nobody@example.com.")).toBeVisible();
  });
});
