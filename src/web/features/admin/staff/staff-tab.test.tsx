import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { mfaApi } from "#domain/api/mfa";
import { mfaMessages, type StaffMember } from "#domain/mfa";
import { answer, handle, networkFailure, refuse, refuseWithCode } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { spyOnToasts } from "#tests/support/toast-spy";
import { StaffTab } from "./staff-tab";

spyOnToasts();

const me: StaffMember = {
  id: "u1",
  email: "ada@example.com",
  displayName: "Ada Admin",
  emailVerified: true,
  secondStep: true,
};
const bo: StaffMember = {
  id: "u2",
  email: "bo@example.com",
  displayName: "Bo Clerk",
  emailVerified: true,
  secondStep: true,
};
const cy: StaffMember = {
  id: "u3",
  email: "cy@example.com",
  displayName: null,
  emailVerified: true,
  secondStep: false,
};

let staff: StaffMember[];
let failList: boolean;
let resets: string[];

beforeEach(() => {
  staff = [me, bo, cy];
  failList = false;
  resets = [];
  answer(
    handle(mfaApi.staff, () => (failList ? networkFailure : { staff })),
    handle(mfaApi.resetFactor, ({ params, body }) => {
      if ((body as { password?: string }).password !== "my-password") {
        return refuseWithCode(403, "password_incorrect", mfaMessages.passwordIncorrect);
      }
      resets.push(params.id);
      if (params.id === "gone") return refuse(404, "That administrator does not exist.");
      staff = staff.map((s) => (s.id === params.id ? { ...s, secondStep: false } : s));
      return { success: true as const, message: mfaMessages.factorReset };
    }),
  );
});

describe("the Staff tab", () => {
  it("lists the administrators and whether each has a second step", async () => {
    renderWithQuery(<StaffTab userId="u1" />);
    const list = await screen.findByRole("list", { name: "Staff" });
    const [ada, bob, cyd] = within(list).getAllByRole("listitem");
    expect(ada).toHaveTextContent("Ada Admin");
    expect(ada).toHaveTextContent("You");
    expect(ada).toHaveTextContent("Second step: On");
    expect(bob).toHaveTextContent("bo@example.com");
    expect(cyd).toHaveTextContent("cy@example.com");
    expect(cyd).toHaveTextContent("Second step: Off");
    // Only for someone else who has a second step: one's own is changed on the security page.
    expect(within(list).getAllByRole("button", { name: /Reset second step/ })).toHaveLength(1);
    expect(
      within(bob!).getByRole("button", { name: "Reset second step of Bo Clerk" }),
    ).toBeVisible();
  });

  it("resets a colleague's second step after the caller's password, saying what it does", async () => {
    const user = userEvent.setup();
    renderWithQuery(<StaffTab userId="u1" />);
    const list = await screen.findByRole("list", { name: "Staff" });
    await user.click(within(list).getByRole("button", { name: "Reset second step of Bo Clerk" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Reset the second step of Bo Clerk?",
    });
    expect(dialog).toHaveTextContent(
      "removes their authenticator app, passkeys and recovery codes, signs them out everywhere and e-mails them",
    );
    await user.type(within(dialog).getByLabelText("Current password"), "not-mine");
    await user.click(within(dialog).getByRole("button", { name: "Reset second step" }));
    expect(await within(dialog).findByText(mfaMessages.passwordIncorrect)).toBeVisible();
    expect(resets).toEqual([]);

    await user.clear(within(dialog).getByLabelText("Current password"));
    await user.type(within(dialog).getByLabelText("Current password"), "my-password");
    await user.click(within(dialog).getByRole("button", { name: "Reset second step" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(mfaMessages.factorReset));
    expect(resets).toEqual(["u2"]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(within(list).getAllByText("Off")).toHaveLength(2));
    expect(within(list).queryByRole("button", { name: /Reset second step/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole("heading", { name: "Staff" })).toHaveFocus());
  });

  it("sends nothing when the dialog is cancelled", async () => {
    const user = userEvent.setup();
    renderWithQuery(<StaffTab userId="u1" />);
    const list = await screen.findByRole("list", { name: "Staff" });
    await user.click(within(list).getByRole("button", { name: "Reset second step of Bo Clerk" }));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(resets).toEqual([]);
  });

  it("says the server's words when a reset fails", async () => {
    staff = [me, { ...bo, id: "gone" }];
    const user = userEvent.setup();
    renderWithQuery(<StaffTab userId="u1" />);
    const list = await screen.findByRole("list", { name: "Staff" });
    await user.click(within(list).getByRole("button", { name: "Reset second step of Bo Clerk" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Current password"), "my-password");
    await user.click(within(dialog).getByRole("button", { name: "Reset second step" }));
    expect(await within(dialog).findByText("That administrator does not exist.")).toBeVisible();
  });

  it("shows a load failure with Try Again, which recovers", async () => {
    failList = true;
    const user = userEvent.setup();
    renderWithQuery(<StaffTab userId="u1" />);
    expect(await screen.findByText("Failed to load staff")).toBeInTheDocument();
    failList = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("list", { name: "Staff" })).toBeInTheDocument();
  });

  it("says it is loading first", () => {
    renderWithQuery(<StaffTab userId="u1" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading staff...");
  });
});
