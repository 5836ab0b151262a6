import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { privacyApi } from "#domain/api/privacy";
import { heldKinds, type PersonData, privacyMessages } from "#domain/privacy";
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
  answer(
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
