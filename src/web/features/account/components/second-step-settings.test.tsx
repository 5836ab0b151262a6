import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { mfaApi } from "#domain/api/mfa";
import { type MfaStatus, mfaMessages, type Passkey } from "#domain/mfa";
import { answer, handle, networkFailure, refuseWithCode } from "#tests/support/api-mocks";
import { renderWithQuery } from "#tests/support/render-with-query";
import { RECOVERY_CODES_FILE } from "./recovery-codes-panel";
import { enrollmentRequiredText, SecondStepSettings } from "./second-step-settings";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// The browser's passkey prompt: what the person does with it is the test's to say.
const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock("@simplewebauthn/browser", () => webauthn);

const PASSWORD = "Secret123";
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const codes = Array.from({ length: 10 }, (_, i) => `k7m2p-x9q${"abcdefghjk"[i]}r`);

const laptop: Passkey = {
  id: "pk-1",
  name: "Office laptop",
  createdAt: "2026-11-20T15:00:00.000Z",
  lastUsedAt: "2026-11-25T13:30:00.000Z",
};
const phone: Passkey = {
  id: "pk-2",
  name: "My phone",
  createdAt: "2026-11-21T15:00:00.000Z",
  lastUsedAt: null,
};

const off = (): MfaStatus => ({
  totp: { enabled: false, enabledAt: null },
  passkeys: [],
  recoveryCodesLeft: 0,
  required: false,
  emailCodeNeeded: false,
});

let status: MfaStatus;
let failStatus: boolean;
let sent: { call: string; body: unknown; id?: string }[];

/** Every change checks the password first, as the server does. */
const wrongPassword = (body: unknown) =>
  (body as { password?: string }).password === PASSWORD
    ? null
    : refuseWithCode(403, "password_incorrect", mfaMessages.passwordIncorrect);

beforeEach(() => {
  status = off();
  failStatus = false;
  sent = [];
  webauthn.startRegistration.mockReset();
  answer(
    handle(mfaApi.status, () => (failStatus ? networkFailure : status)),
    handle(mfaApi.enrolmentCode, () => {
      sent.push({ call: "enrolmentCode", body: undefined });
      return { success: true as const, message: mfaMessages.emailCodeSent };
    }),
    handle(mfaApi.totpSetup, ({ body }) => {
      sent.push({ call: "totpSetup", body });
      const { emailCode } = body as { emailCode?: string };
      if (status.emailCodeNeeded && emailCode !== "246810")
        return refuseWithCode(
          400,
          "bad_request",
          "Invalid verification code. Please try again or request a new code.",
        );
      return (
        wrongPassword(body) ?? {
          secret: SECRET,
          otpauthUrl: `otpauth://totp/Charter%20Oak:ada%40example.com?secret=${SECRET}`,
        }
      );
    }),
    handle(mfaApi.totpConfirm, ({ body }) => {
      sent.push({ call: "totpConfirm", body });
      const { code } = body as { code: string };
      if (code === "999999") return refuseWithCode(409, "conflict", mfaMessages.totpNotStarted);
      if (code !== "123456")
        return refuseWithCode(400, "totp_code_invalid", mfaMessages.totpCodeWrong);
      status = {
        ...status,
        totp: { enabled: true, enabledAt: "2026-11-26T14:05:00.000Z" },
        recoveryCodesLeft: 10,
      };
      return { recoveryCodes: codes };
    }),
    handle(mfaApi.totpDisable, ({ body }) => {
      sent.push({ call: "totpDisable", body });
      const refused = wrongPassword(body);
      if (refused) return refused;
      status = { ...status, totp: { enabled: false, enabledAt: null } };
      return { success: true as const, message: mfaMessages.totpDisabled };
    }),
    handle(mfaApi.regenerateRecoveryCodes, ({ body }) => {
      sent.push({ call: "regenerate", body });
      return wrongPassword(body) ?? { recoveryCodes: codes };
    }),
    handle(mfaApi.passkeyRemove, ({ body, params }) => {
      sent.push({ call: "passkeyRemove", body, id: params.id });
      const refused = wrongPassword(body);
      if (refused) return refused;
      status = { ...status, passkeys: status.passkeys.filter((p) => p.id !== params.id) };
      return { success: true as const, message: mfaMessages.passkeyRemoved };
    }),
    handle(mfaApi.passkeyRegisterOptions, ({ body }) => {
      sent.push({ call: "passkeyRegisterOptions", body });
      return wrongPassword(body) ?? { challengeId: "ch-9", options: { challenge: "xyz" } };
    }),
    handle(mfaApi.passkeyRegister, ({ body }) => {
      sent.push({ call: "passkeyRegister", body });
      const first = status.passkeys.length === 0 && !status.totp.enabled;
      const added = { ...phone, id: "pk-3", name: (body as { name: string }).name };
      status = { ...status, passkeys: [...status.passkeys, added] };
      return { passkey: added, recoveryCodes: first ? codes : null };
    }),
  );
});

function renderSettings({ enrolRequested = false } = {}) {
  return renderWithQuery(
    <SecondStepSettings enrolRequested={enrolRequested} email="ada@example.com" />,
  );
}

/** The "Confirm your password" dialog: types the password and presses its button. */
async function confirmPassword(
  user: ReturnType<typeof userEvent.setup>,
  button: string,
  password = PASSWORD,
) {
  const dialog = await screen.findByRole("dialog");
  await user.type(within(dialog).getByLabelText("Current password"), password);
  await user.click(within(dialog).getByRole("button", { name: button }));
  return dialog;
}

/** Captures what a Download saves: the file's name and its text. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      last = blob;
      return "blob:codes";
    },
    revokeObjectURL: () => undefined,
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (last) saved.push({ name: this.download, blob: last });
  });
  onTestFinished(() => {
    click.mockRestore();
    Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
  });
  return saved;
}

describe("the first second step when the office requires one", () => {
  it("asks for a code e-mailed to the account, sent from the dialog, and says a wrong one on its field", async () => {
    status = { ...off(), required: true, emailCodeNeeded: true };
    const user = userEvent.setup();
    renderSettings();
    const section = await screen.findByRole("region", { name: /Authenticator app/ });
    await user.click(within(section).getByRole("button", { name: "Turn on" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm your password" });
    await user.type(within(dialog).getByLabelText("Current password"), PASSWORD);
    // Without the code, the form says what it needs and sends nothing.
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText(mfaMessages.emailCodeFormat)).toBeVisible();
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole("button", { name: "E-mail me a code" }));
    expect(await within(dialog).findByText(mfaMessages.emailCodeSent)).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Send another code" })).toBeVisible();
    const field = within(dialog).getByLabelText(/Code from your e-mail/);
    await user.type(field, "135791");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText(/Invalid verification code/)).toBeVisible();
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, "246810");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByRole("heading", { name: "Scan this QR code with your authenticator app" }),
    ).toBeVisible();
    expect(sent.map((s) => s.call)).toEqual(["enrolmentCode", "totpSetup", "totpSetup"]);
    expect(sent.at(-1)!.body).toEqual({ password: PASSWORD, emailCode: "246810" });
  });
});

describe("the authenticator app", () => {
  it("turns on with the password, the QR code and a code, then shows the recovery codes once", async () => {
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderSettings();
    const section = await screen.findByRole("region", { name: /Authenticator app/ });
    expect(within(section).getByText("Off")).toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Turn on" }));
    expect(await screen.findByRole("dialog", { name: "Confirm your password" })).toBeVisible();
    await confirmPassword(user, "Continue");

    const qr = await screen.findByRole("img", {
      name: "QR code to scan with your authenticator app",
    });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { name: "Scan this QR code with your authenticator app" }),
    ).toHaveFocus();
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.type(screen.getByLabelText("Code from the app"), "123456");
    await user.click(screen.getByRole("button", { name: "Turn on" }));

    const panel = await screen.findByRole("region", { name: "Save your recovery codes" });
    expect(within(panel).getByRole("heading", { name: "Save your recovery codes" })).toHaveFocus();
    const list = within(panel).getByRole("list", { name: "Recovery codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(within(panel).getByText("They will not be shown again.")).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(mfaMessages.totpEnabled);
    expect(await within(section).findByText("On")).toBeInTheDocument();
    expect(within(section).getByText(/On since/)).toBeInTheDocument();
    expect(sent.map((s) => s.call)).toEqual(["totpSetup", "totpConfirm"]);

    await user.click(within(panel).getByRole("button", { name: "Download" }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe(RECOVERY_CODES_FILE);
    const text = await saved[0]!.blob.text();
    expect(text).toContain("ada@example.com");
    expect(text).toMatch(/Made on \w{3} \d{1,2}, \d{4}.*Each code works once\./);
    for (const code of codes) expect(text).toContain(code);

    await user.click(within(panel).getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe(codes.join("\n"));
    expect(await within(panel).findByText("The codes are copied.")).toBeInTheDocument();

    await user.click(within(panel).getByRole("button", { name: "I have saved them" }));
    expect(screen.queryByRole("region", { name: "Save your recovery codes" })).toBeNull();
    expect(screen.queryByText(codes[0]!)).toBeNull();
    expect(screen.getByRole("heading", { name: "Second sign-in step" })).toHaveFocus();
  });

  it("says a wrong password on its field and keeps the dialog open", async () => {
    const user = userEvent.setup();
    renderSettings();
    const section = await screen.findByRole("region", { name: /Authenticator app/ });
    await user.click(within(section).getByRole("button", { name: "Turn on" }));
    const dialog = await confirmPassword(user, "Continue", "not-my-password");
    const field = within(dialog).getByLabelText("Current password");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      mfaMessages.passwordIncorrect,
    );
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveFocus();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("asks for the password before sending anything, and Cancel closes the dialog", async () => {
    const user = userEvent.setup();
    renderSettings();
    const section = await screen.findByRole("region", { name: /Authenticator app/ });
    const turnOn = within(section).getByRole("button", { name: "Turn on" });
    await user.click(turnOn);
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(await within(dialog).findByText(mfaMessages.passwordRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(turnOn).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it("says a wrong code from the app on its field, and an expired set-up in the section", async () => {
    const user = userEvent.setup();
    renderSettings();
    const section = await screen.findByRole("region", { name: /Authenticator app/ });
    await user.click(within(section).getByRole("button", { name: "Turn on" }));
    await confirmPassword(user, "Continue");
    const code = await screen.findByLabelText("Code from the app");
    await user.type(code, "12");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText(mfaMessages.totpCodeFormat)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText(mfaMessages.totpCodeWrong)).toBeInTheDocument();
    expect(code).toHaveFocus();

    await user.clear(code);
    await user.type(code, "999999");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(mfaMessages.totpNotStarted);
    expect(screen.queryByLabelText("Code from the app")).toBeNull();
    expect(within(section).getByRole("button", { name: "Turn on" })).toBeInTheDocument();
  });

  it("turns off with the password", async () => {
    status = {
      ...off(),
      totp: { enabled: true, enabledAt: "2026-11-20T15:00:00.000Z" },
      recoveryCodesLeft: 8,
    };
    const user = userEvent.setup();
    renderSettings();
    const section = await screen.findByRole("region", { name: /Authenticator app/ });
    expect(within(section).getByText(/Nov 20, 2026/)).toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Turn off" }));
    await confirmPassword(user, "Turn off");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(mfaMessages.totpDisabled));
    expect(await within(section).findByText("Off")).toBeInTheDocument();
    expect(sent).toEqual([{ call: "totpDisable", body: { password: PASSWORD } }]);
  });
});

describe("passkeys", () => {
  it("lists each passkey with when it was added and last used", async () => {
    status = { ...off(), passkeys: [laptop, phone], recoveryCodesLeft: 10 };
    renderSettings();
    const list = await screen.findByRole("list", { name: "Passkeys" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first!).getByText("Office laptop")).toBeInTheDocument();
    expect(first).toHaveTextContent(/Added Nov 20, 2026, 10:00 AM · Last used Nov 25, 2026/);
    expect(second).toHaveTextContent(/Added Nov 21, 2026, 10:00 AM · Never used/);
  });

  it("says when there are none yet", async () => {
    renderSettings();
    expect(await screen.findByText("You have no passkeys yet.")).toBeInTheDocument();
  });

  it("removes one with the password", async () => {
    status = { ...off(), passkeys: [laptop, phone], recoveryCodesLeft: 10 };
    const user = userEvent.setup();
    renderSettings();
    const list = await screen.findByRole("list", { name: "Passkeys" });
    await user.click(within(list).getByRole("button", { name: "Remove passkey Office laptop" }));
    await confirmPassword(user, "Remove passkey");
    await waitFor(() => expect(within(list).queryByText("Office laptop")).toBeNull());
    expect(toast.success).toHaveBeenCalledWith(mfaMessages.passkeyRemoved);
    expect(sent).toEqual([{ call: "passkeyRemove", body: { password: PASSWORD }, id: "pk-1" }]);
  });

  it("adds one through the browser's prompt; the first second step brings recovery codes", async () => {
    const made = {
      id: "new",
      rawId: "new",
      type: "public-key" as const,
      response: { clientDataJSON: "e30", attestationObject: "AA", transports: ["internal"] },
      clientExtensionResults: {},
    };
    webauthn.startRegistration.mockResolvedValue(made);
    const user = userEvent.setup();
    renderSettings();
    const section = await screen.findByRole("region", { name: "Passkeys" });
    await user.click(within(section).getByRole("button", { name: "Add a passkey" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a passkey" });
    expect(within(dialog).getByLabelText("Passkey name")).toHaveFocus();
    await user.type(within(dialog).getByLabelText("Passkey name"), "  Front desk PC ");
    await confirmPassword(user, "Add passkey");

    expect(await screen.findByRole("region", { name: "Save your recovery codes" })).toBeVisible();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: "xyz" } });
    expect(sent).toEqual([
      { call: "passkeyRegisterOptions", body: { password: PASSWORD } },
      {
        call: "passkeyRegister",
        body: { challengeId: "ch-9", name: "Front desk PC", credential: made },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith(mfaMessages.passkeyAdded);
    expect(await screen.findByText("Front desk PC")).toBeInTheDocument();
  });

  it("says quietly that the prompt was closed, and keeps the dialog to try again", async () => {
    webauthn.startRegistration.mockRejectedValue(
      Object.assign(new Error("The operation was not allowed."), { name: "NotAllowedError" }),
    );
    const user = userEvent.setup();
    renderSettings();
    const section = await screen.findByRole("region", { name: "Passkeys" });
    await user.click(within(section).getByRole("button", { name: "Add a passkey" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Passkey name"), "Front desk PC");
    await confirmPassword(user, "Add passkey");
    expect(await within(dialog).findByRole("status")).toHaveTextContent(
      "The passkey prompt was closed.",
    );
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(sent.map((s) => s.call)).toEqual(["passkeyRegisterOptions"]);
  });

  it("asks for a name", async () => {
    const user = userEvent.setup();
    renderSettings();
    const section = await screen.findByRole("region", { name: "Passkeys" });
    await user.click(within(section).getByRole("button", { name: "Add a passkey" }));
    await confirmPassword(user, "Add passkey");
    expect(await screen.findByText(mfaMessages.passkeyNameRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe("recovery codes", () => {
  it("are shown only while a second step is on", async () => {
    renderSettings();
    await screen.findByRole("region", { name: "Passkeys" });
    expect(screen.queryByRole("region", { name: "Recovery codes" })).toBeNull();
  });

  it("say how many are left, and new ones replace them after the password", async () => {
    status = { ...off(), passkeys: [laptop], recoveryCodesLeft: 2 };
    const user = userEvent.setup();
    renderSettings();
    const section = await screen.findByRole("region", { name: "Recovery codes" });
    expect(within(section).getByText(/2 of 10 left/)).toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Make new codes" }));
    await confirmPassword(user, "Make new codes");
    expect(await screen.findByRole("region", { name: "Save your recovery codes" })).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith(mfaMessages.codesRegenerated);
  });
});

describe("the page's states", () => {
  it("says the office requires a second step, until one is on", async () => {
    status = { ...off(), required: true };
    renderSettings();
    expect(await screen.findByRole("alert")).toHaveTextContent(enrollmentRequiredText);
  });

  it("says so from the address too, and that the back office is open once one is on", async () => {
    status = { ...off(), passkeys: [laptop], recoveryCodesLeft: 10 };
    renderSettings({ enrolRequested: true });
    expect(await screen.findByText("Your second sign-in step is on.")).toBeInTheDocument();
    expect(screen.queryByText(enrollmentRequiredText)).toBeNull();
    expect(screen.getByRole("link", { name: "Go to the Admin Dashboard" })).toHaveAttribute(
      "href",
      "/admin-dashboard",
    );
  });

  it("shows a load failure with Try Again, which recovers", async () => {
    failStatus = true;
    const user = userEvent.setup();
    renderSettings();
    expect(await screen.findByText("Failed to load your sign-in settings")).toBeInTheDocument();
    failStatus = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("region", { name: /Authenticator app/ })).toBeInTheDocument();
  });

  it("says it is loading first", () => {
    renderSettings();
    expect(screen.getByRole("status")).toHaveTextContent("Loading your sign-in settings...");
  });
});
