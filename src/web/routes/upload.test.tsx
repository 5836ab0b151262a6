import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { createTranslator } from "#domain/i18n/translator";
import { filesMessages } from "#domain/tenant-files";
import { answer, handle, refuse } from "#tests/support/api-mocks";
import { messagesFor } from "#web/i18n/catalogue.server";
import { I18nRoot } from "#web/i18n/i18n-provider";
import { ROOT_NAMESPACES } from "#web/i18n/namespaces";
import { connectSession } from "#web/lib/api-client";
import { queryClient } from "#web/lib/query";
import type { Route } from "./+types/upload";
import Upload, { loader, meta } from "./upload";

// The page's cache lives as long as the tab: each test starts with an empty one.
beforeEach(() => queryClient().clear());

/** The meta function's arguments at an address, with what the page's loader sends there. */
function metaArgs(pathname: string) {
  const data = loader({ request: new Request(`http://localhost${pathname}`) } as Route.LoaderArgs);
  return { matches: [{ loaderData: data }], location: { pathname } } as unknown as Route.MetaArgs;
}

describe("/upload/:token", () => {
  it("is kept out of search results", () => {
    const tags = meta(metaArgs("/upload/t0k-en"));
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags[0]).toMatchObject({ title: expect.stringContaining("Upload Documents") });
  });

  it("reads the request of the token in its address, without a sign-in", async () => {
    const asked: { token: string; authorization: string | null }[] = [];
    answer(
      handle(tenantFilesApi.uploadRequest, ({ params, request }) => {
        asked.push({ token: params.token, authorization: request.headers.get("authorization") });
        return refuse(410, filesMessages.linkExpired);
      }),
    );
    connectSession({ token: () => null, onUnauthorized: () => {} });
    const Stub = createRoutesStub([{ path: "/upload/:token", Component: Upload }]);
    render(<Stub initialEntries={["/upload/t0k-en"]} />);
    expect(await screen.findByText(filesMessages.linkExpired)).toBeInTheDocument();
    expect(asked).toEqual([{ token: "t0k-en", authorization: null }]);
  });
});

describe("/es/upload/:token", () => {
  it("is titled in Spanish and kept out of search results", () => {
    const tags = meta(metaArgs("/es/upload/t0k-es"));
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags[0]).toMatchObject({ title: expect.stringContaining("Subir documentos") });
  });

  it("sends the page's Spanish words from its loader", () => {
    const data = loader({
      request: new Request("http://localhost/es/upload/t0k-es"),
    } as Route.LoaderArgs);
    expect(data.locale).toBe("es");
    expect(Object.keys(data.messages).every((id) => id.startsWith("upload."))).toBe(true);
    expect(data.messages).toHaveProperty("upload.title");
  });

  it("shows the page in Spanish, the server's refusal included", async () => {
    const asked: string[] = [];
    answer(
      handle(tenantFilesApi.uploadRequest, ({ params }) => {
        asked.push(params.token);
        return refuse(410, filesMessages.linkExpired);
      }),
    );
    // The root's words and the page's, as the root and page loaders send them.
    const Stub = createRoutesStub([
      {
        path: "/es/upload/:token",
        loader: () => ({
          locale: "es",
          messages: messagesFor("es", [...ROOT_NAMESPACES, "upload"]),
        }),
        HydrateFallback: () => null,
        Component: () => (
          <I18nRoot>
            <Upload />
          </I18nRoot>
        ),
      },
    ]);
    render(<Stub initialEntries={["/es/upload/t0k-es"]} />);
    expect(
      await screen.findByRole("heading", { name: "Subir documentos", level: 1 }),
    ).toBeInTheDocument();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Enlace vencido");
    const spanish = createTranslator("es", messagesFor("es", ["form"]));
    expect(alert).toHaveTextContent(spanish.t("form.files.linkExpired"));
    expect(alert).not.toHaveTextContent(filesMessages.linkExpired);
    expect(asked).toEqual(["t0k-es"]);
  });
});
