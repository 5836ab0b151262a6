import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mfaApi } from "#domain/api/mfa";
import type { MfaStatus } from "#domain/mfa";
import { answer, handle, networkFailure } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { SecondStepReminder } from "./second-step-reminder";

const none: MfaStatus = {
  totp: { enabled: false, enabledAt: null },
  passkeys: [],
  recoveryCodesLeft: 0,
  required: false,
  emailCodeNeeded: false,
};

let asked: number;
function answerStatus(status: MfaStatus | typeof networkFailure) {
  asked = 0;
  answer(
    handle(mfaApi.status, () => {
      asked++;
      return status;
    }),
  );
}

beforeEach(() => sessionStorage.clear());

describe("the dashboard's second-step reminder", () => {
  it("asks an administrator without a second step to set one up", async () => {
    answerStatus(none);
    renderWithQuery(<SecondStepReminder />);
    const reminder = await screen.findByRole("region", { name: "Security reminder" });
    expect(reminder).toHaveTextContent("Protect your account with a second sign-in step.");
    expect(screen.getByRole("link", { name: "Set it up" })).toHaveAttribute(
      "href",
      "/account/security",
    );
  });

  it("can be dismissed for the rest of the session", async () => {
    answerStatus(none);
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderWithQuery(<SecondStepReminder onDismiss={onDismiss} />);
    await user.click(await screen.findByRole("button", { name: "Dismiss this reminder" }));
    expect(screen.queryByRole("region", { name: "Security reminder" })).toBeNull();
    expect(onDismiss).toHaveBeenCalledTimes(1);
    unmount();
    renderWithQuery(<SecondStepReminder />);
    await waitFor(() => expect(asked).toBe(2));
    expect(screen.queryByRole("region", { name: "Security reminder" })).toBeNull();
  });

  it.each([
    ["an authenticator app is on", { ...none, totp: { enabled: true, enabledAt: null } }],
    [
      "a passkey is added",
      {
        ...none,
        passkeys: [
          { id: "p", name: "Laptop", createdAt: "2026-11-20T15:00:00.000Z", lastUsedAt: null },
        ],
      },
    ],
    ["the office requires one (the back office sends them to add it)", { ...none, required: true }],
  ])("stays away when %s", async (_, status) => {
    answerStatus(status);
    renderWithQuery(<SecondStepReminder />);
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("region", { name: "Security reminder" })).toBeNull();
  });

  it("stays away when the status cannot be read: it is only a reminder", async () => {
    answerStatus(networkFailure);
    renderWithQuery(<SecondStepReminder />);
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("region", { name: "Security reminder" })).toBeNull();
  });
});
