import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { filesMessages } from "#domain/tenant-files";
import Upload, { meta } from "./upload";

afterEach(() => vi.unstubAllGlobals());

describe("/upload/:token", () => {
  it("is kept out of search results", () => {
    expect(meta()).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta()[0]).toMatchObject({ title: expect.stringContaining("Upload Documents") });
  });

  it("reads the request of the token in its address, without a sign-in", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: "gone", message: filesMessages.linkExpired }), {
          status: 410,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const Stub = createRoutesStub([{ path: "/upload/:token", Component: Upload }]);
    render(<Stub initialEntries={["/upload/t0k-en"]} />);
    expect(await screen.findByText(filesMessages.linkExpired)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith("/api/upload-requests/t0k-en", expect.anything());
  });
});
