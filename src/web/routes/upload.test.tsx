import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { filesMessages } from "#domain/tenant-files";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { queryClient } from "#web/lib/query";
import Upload, { meta } from "./upload";

// The page's cache lives as long as the tab: each test starts with an empty one.
beforeEach(() => queryClient().clear());

describe("/upload/:token", () => {
  it("is kept out of search results", () => {
    expect(meta()).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta()[0]).toMatchObject({ title: expect.stringContaining("Upload Documents") });
  });

  it("reads the request of the token in its address, without a sign-in", async () => {
    const asked: { token: string; authorization: string | null }[] = [];
    answer(
      handle(tenantFilesApi.uploadRequest, ({ params, request }) => {
        asked.push({ token: params.token, authorization: request.headers.get("authorization") });
        return refuse(410, filesMessages.linkExpired);
      }),
    );
    const Stub = createRoutesStub([{ path: "/upload/:token", Component: Upload }]);
    render(<Stub initialEntries={["/upload/t0k-en"]} />);
    expect(await screen.findByText(filesMessages.linkExpired)).toBeInTheDocument();
    expect(asked).toEqual([{ token: "t0k-en", authorization: null }]);
  });
});
