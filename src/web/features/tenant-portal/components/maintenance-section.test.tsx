import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import english from "#domain/i18n/messages/en/portal.json";
import {
  emergencyNote,
  type MaintenanceRequest,
  maintenanceMessages,
  maintenanceUrgencyHints,
} from "#domain/maintenance";
import { site } from "#domain/site";
import { type Answer, answer, handle, networkFailure, refuse } from "#tests/support/api-mocks";
import { leak, photoUrl } from "#tests/support/maintenance-requests";
import { renderWithQuery } from "#tests/support/render-with-query";
import { MaintenanceSection } from "./maintenance-section";

const fixedDoor: MaintenanceRequest = {
  ...leak,
  id: "r0",
  title: "Front door lock sticks",
  category: "locks_doors",
  urgency: "routine",
  status: "completed",
  scheduledFor: null,
  window: null,
  photos: [],
  comments: [],
  commentCount: 0,
};

/** The server's side: the stored requests, listed newest first; a test replaces an answer. */
let stored: MaintenanceRequest[];
let listCalls: number;
let listAnswer: (() => Answer<typeof tenantPortalApi.listRequests>) | null;

beforeEach(() => {
  stored = [leak, fixedDoor];
  listCalls = 0;
  listAnswer = null;
  answer(
    handle(tenantPortalApi.listRequests, () => {
      listCalls += 1;
      return listAnswer ? listAnswer() : { requests: stored, nextCursor: null };
    }),
  );
  // jsdom makes no object URLs: each chosen photo gets a made-up one for its preview.
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:photo-${++n}`);
  URL.revokeObjectURL = vi.fn();
});

const renderSection = () => renderWithQuery(<MaintenanceSection hasUnit />);

function photo(name: string, type: string, bytes = 4096) {
  return new File([new Uint8Array(bytes)], name, { type });
}
const jpeg = (name: string) => photo(name, "image/jpeg");

describe("Maintenance: the tenant's requests", () => {
  it("shows loading, then each request with its status, urgency, category and photos", async () => {
    renderSection();
    expect(screen.getByText(english["portal.maintenance.loading"])).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Your requests" });
    const cards = within(list).getAllByRole("heading", { level: 4 });
    expect(cards.map((h) => h.textContent)).toEqual([
      "Kitchen sink leaks",
      "Front door lock sticks",
    ]);
    expect(within(list).getByText("Status: Scheduled")).toBeInTheDocument();
    expect(within(list).getByText("Urgent")).toBeInTheDocument();
    expect(within(list).getByText("Plumbing")).toBeInTheDocument();
    expect(within(list).getByText("Status: Completed")).toBeInTheDocument();
    const photos = within(list).getByRole("list", { name: "Photos of Kitchen sink leaks" });
    expect(
      within(photos).getAllByRole("button", { name: /^Open photo \d of 2 larger$/ }),
    ).toHaveLength(2);
  });

  it("shows a scheduled visit's date and time window", async () => {
    renderSection();
    expect(await screen.findByText("Visit: Tue, Mar 3, 2026, 8 AM to 12 PM")).toBeInTheDocument();
  });

  it("tells the office's comments from the tenant's", async () => {
    renderSection();
    const thread = await screen.findByRole("list", { name: "Comments on Kitchen sink leaks" });
    const items = within(thread).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Olivia Office (Office)");
    expect(items[0]).toHaveTextContent("A plumber comes Tuesday morning.");
    expect(items[1]).toHaveTextContent("You");
  });

  it("opens a photo larger in a dialog", async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole("button", { name: "Open photo 2 of 2 larger" }));
    const dialog = await screen.findByRole("dialog", { name: "Photo 2 of 2" });
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", photoUrl("tok-2"));
  });

  it("says when there are no requests yet", async () => {
    stored = [];
    renderSection();
    expect(
      await screen.findByRole("heading", { name: english["portal.maintenance.none"] }),
    ).toBeInTheDocument();
    expect(screen.getByText(english["portal.maintenance.noneHint"])).toBeInTheDocument();
  });

  it("says the list failed to load, and loads it again on Try Again", async () => {
    listAnswer = () => networkFailure;
    const user = userEvent.setup();
    renderSection();
    expect(
      await screen.findByRole("heading", { name: english["portal.maintenance.failed"] }),
    ).toBeInTheDocument();
    listAnswer = null;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("list", { name: "Your requests" })).toBeInTheDocument();
    expect(listCalls).toBe(2);
  });
});

describe("Maintenance: comments", () => {
  it("posts a comment and shows the thread the server answers with", async () => {
    const posted: { id: string; body: unknown }[] = [];
    answer(
      handle(tenantPortalApi.comment, ({ params, body }) => {
        posted.push({ id: params.id, body });
        const comment = {
          id: "c3",
          body: "Is Tuesday still on?",
          author: { name: "Tina Tenant", role: "tenant" as const },
          createdAt: "2026-03-02T16:00:00.000Z",
        };
        const updated = { ...leak, comments: [...leak.comments, comment], commentCount: 3 };
        stored = stored.map((item) => (item.id === updated.id ? updated : item));
        return { status: 201, body: updated };
      }),
    );
    const user = userEvent.setup();
    renderSection();
    const form = await screen.findByRole("form", { name: "Comment on Kitchen sink leaks" });
    await user.type(within(form).getByLabelText("Add a comment"), "  Is Tuesday still on?");
    await user.click(within(form).getByRole("button", { name: "Send comment" }));
    expect(await within(form).findByText(maintenanceMessages.commentSent)).toBeInTheDocument();
    expect(posted).toEqual([{ id: "r1", body: { body: "Is Tuesday still on?" } }]);
    const thread = screen.getByRole("list", { name: "Comments on Kitchen sink leaks" });
    expect(within(thread).getByText("Is Tuesday still on?")).toBeInTheDocument();
    expect(within(form).getByLabelText("Add a comment")).toHaveValue("");
  });

  it("checks an empty comment before sending it", async () => {
    const user = userEvent.setup();
    renderSection();
    const form = await screen.findByRole("form", { name: "Comment on Kitchen sink leaks" });
    await user.click(within(form).getByRole("button", { name: "Send comment" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(maintenanceMessages.comment);
  });

  it("says a request closed meanwhile refuses comments (409)", async () => {
    answer(handle(tenantPortalApi.comment, () => refuse(409, maintenanceMessages.closed)));
    const user = userEvent.setup();
    renderSection();
    const form = await screen.findByRole("form", { name: "Comment on Kitchen sink leaks" });
    const field = within(form).getByLabelText("Add a comment");
    await user.type(field, "Hello?");
    await user.click(within(form).getByRole("button", { name: "Send comment" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(maintenanceMessages.closed);
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("offers no comment form on a closed request, and says why", async () => {
    renderSection();
    await screen.findByRole("list", { name: "Your requests" });
    expect(screen.queryByRole("form", { name: "Comment on Front door lock sticks" })).toBeNull();
    expect(screen.getByText(maintenanceMessages.closed)).toBeInTheDocument();
  });
});

describe("Maintenance: a new request", () => {
  async function openForm() {
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole("list", { name: "Your requests" });
    await user.click(screen.getByRole("button", { name: "New request" }));
    const form = screen.getByRole("form", { name: "New request" });
    return { user, form };
  }

  it("shows each urgency's hint and what counts as an emergency, with the office's phone", async () => {
    const { form } = await openForm();
    expect(within(form).getByLabelText("Title")).toHaveFocus();
    const emergency = within(form).getByRole("radio", { name: "Emergency" });
    expect(emergency).toHaveAccessibleDescription(maintenanceUrgencyHints.emergency);
    expect(
      within(form).getByText(emergencyNote.split(site.phone)[0]!.trim(), { exact: false }),
    ).toBeInTheDocument();
    expect(within(form).getByRole("link", { name: site.phone })).toHaveAttribute(
      "href",
      site.phoneHref,
    );
  });

  it("says what is missing with the server's own schema, and sends nothing", async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText("Title"), "Hi");
    await user.click(within(form).getByRole("button", { name: "Send request" }));
    expect(await within(form).findByText(maintenanceMessages.title)).toBeInTheDocument();
    for (const message of [
      maintenanceMessages.description,
      maintenanceMessages.category,
      maintenanceMessages.urgency,
      maintenanceMessages.permissionToEnter,
    ])
      expect(within(form).getByText(message)).toBeInTheDocument();
    expect(within(form).getByLabelText("Title")).toHaveFocus();
  });

  async function fillIn(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
    await user.type(within(form).getByLabelText("Title"), "Bathroom fan is broken");
    await user.type(within(form).getByLabelText("Description"), "The fan makes no sound at all.");
    await user.selectOptions(within(form).getByLabelText("Category"), "Electrical");
    await user.click(within(form).getByRole("radio", { name: "Urgent" }));
    await user.click(within(form).getByRole("radio", { name: "No, only when I am home" }));
    await user.type(within(form).getByLabelText("Preferred times (optional)"), "After 5 PM");
  }

  it("sends the fields and the photos left after one is removed, as one multipart request", async () => {
    const created: MaintenanceRequest = {
      ...leak,
      id: "r2",
      title: "Bathroom fan is broken",
      status: "submitted",
      comments: [],
      commentCount: 0,
      photos: [],
    };
    const sent: [string, string][][] = [];
    answer(
      handle(tenantPortalApi.createRequest, async ({ request }) => {
        // jsdom's XMLHttpRequest hands the files on without their names or bytes, but with
        // their types: each photo below is of its own type, to be known by it.
        const body = await request.formData();
        sent.push(
          [...body.entries()].map(([name, value]) => [
            name,
            typeof value === "string" ? value : value.type,
          ]),
        );
        stored = [created, ...stored];
        return { status: 201, body: created };
      }),
    );
    const { user, form } = await openForm();
    await fillIn(user, form);
    await user.upload(within(form).getByLabelText("Add photos"), [
      photo("fan.jpg", "image/jpeg"),
      photo("switch.png", "image/png"),
      photo("ceiling.webp", "image/webp"),
    ]);
    const chosen = within(form).getByRole("list", { name: "Chosen photos" });
    expect(within(chosen).getAllByRole("img")).toHaveLength(3);
    await user.click(within(form).getByRole("button", { name: "Remove photo 2 (switch.png)" }));
    expect(within(chosen).getAllByRole("img")).toHaveLength(2);
    await user.click(within(form).getByRole("button", { name: "Send request" }));

    const done = await screen.findByText(maintenanceMessages.submitted);
    // The focus moves in the frame after the message is rendered.
    await waitFor(() => expect(done.closest("[role=status]")).toHaveFocus());
    expect(screen.queryByRole("form", { name: "New request" })).toBeNull();
    expect(sent).toEqual([
      [
        ["title", "Bathroom fan is broken"],
        ["description", "The fan makes no sound at all."],
        ["category", "electrical"],
        ["urgency", "urgent"],
        ["permissionToEnter", "no"],
        ["preferredTimes", "After 5 PM"],
        ["photos", "image/jpeg"],
        ["photos", "image/webp"],
      ],
    ]);
    const list = screen.getByRole("list", { name: "Your requests" });
    expect(within(list).getAllByRole("heading", { level: 4 })[0]).toHaveTextContent(
      "Bathroom fan is broken",
    );
    await waitFor(() => expect(listCalls).toBe(2));
  });

  it("leaves out a photo of another kind, one too large, and those past five, saying why", async () => {
    const { user, form } = await openForm();
    const input = within(form).getByLabelText("Add photos");
    const huge = jpeg("huge.jpg");
    Object.defineProperty(huge, "size", { value: 11 * 1024 * 1024 });
    await user.upload(input, huge);
    expect(within(form).getByRole("alert")).toHaveTextContent(maintenanceMessages.photoTooBig);
    await user.upload(
      input,
      ["a", "b", "c", "d", "e", "f"].map((n) => jpeg(`${n}.jpg`)),
    );
    expect(within(form).getByRole("alert")).toHaveTextContent(maintenanceMessages.tooManyPhotos);
    const chosen = within(form).getByRole("list", { name: "Chosen photos" });
    expect(within(chosen).getAllByRole("img")).toHaveLength(5);
    expect(input).toBeDisabled();
  });

  it("shows the server's refusals beside the fields they are about", async () => {
    answer(
      handle(tenantPortalApi.createRequest, () =>
        refuse(400, maintenanceMessages.title, [
          { path: "title", msg: maintenanceMessages.title },
          { path: "photos", msg: maintenanceMessages.photoType },
        ]),
      ),
    );
    const { user, form } = await openForm();
    await fillIn(user, form);
    await user.click(within(form).getByRole("button", { name: "Send request" }));
    const title = within(form).getByLabelText("Title");
    await waitFor(() => expect(title).toHaveAccessibleDescription(maintenanceMessages.title));
    expect(title).toHaveFocus();
    expect(within(form).getByText(maintenanceMessages.photoType)).toBeInTheDocument();
  });

  it("says photos too large for the server (413) beside the photos", async () => {
    answer(
      handle(tenantPortalApi.createRequest, () => ({
        status: 413,
        body: { error: "payload_too_large", message: maintenanceMessages.photoTooBig },
      })),
    );
    const { user, form } = await openForm();
    await fillIn(user, form);
    await user.upload(within(form).getByLabelText("Add photos"), jpeg("fan.jpg"));
    await user.click(within(form).getByRole("button", { name: "Send request" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      maintenanceMessages.photoTooBig,
    );
    expect(screen.getByRole("form", { name: "New request" })).toBeInTheDocument();
  });
});
