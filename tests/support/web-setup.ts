import "@testing-library/jest-dom/vitest";
import { File as NodeFile } from "node:buffer";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import { messagesFor } from "#web/i18n/catalogue.server";
import { setTranslatorOutsideRoutes } from "#web/i18n/i18n-provider";
import { namespaces } from "#web/i18n/namespaces";
import { connectSession } from "#web/lib/api-client";
import { apiServer } from "./api-mocks";

// Components rendered on their own (outside the route tree and its loaders) speak English with
// every namespace of the catalogue.
setTranslatorOutsideRoutes(createTranslator("en", messagesFor("en", namespaces)));

// findBy and waitFor wait up to 3 s (not 1 s): on a loaded two-core machine a render that
// follows an answer can take longer than a second without anything being wrong.
configure({ asyncUtilTimeout: 3_000 });

// Every API call a component makes is answered by a handler built from its contract
// (api-mocks.ts); a call no test expects fails the test.
beforeAll(() => apiServer.listen({ onUnhandledRequest: "error" }));
// A component is rendered as the screen it is in would show it: under a session (the client
// refuses a signed-in read without one before the network, as the server would). A test of what
// happens without a session, or of the session itself, connects its own.
const renderedSession = { token: () => "a-test-session", onUnauthorized: () => {} };
beforeEach(() => connectSession(renderedSession));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  // Test files share their modules (vitest.config.ts): what one left signed in, stored or
  // connected is gone before the next test, as in a fresh page.
  connectSession(renderedSession);
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => apiServer.close());

// A handler reads an upload with `request.formData()`. Node 24's fetch (undici 7) builds each file
// part with whatever `File` is global at that moment, then asserts it is Node's own File: under
// jsdom, where the global `File` is jsdom's, every multipart body with a file fails to parse
// ("The expression evaluated to a falsy value"). So the body is read first, then parsed with
// Node's File in place for the few microtasks the parse of bytes in memory takes. Node 20's
// undici does not care; the same path runs on both. Drop this once vitest's jsdom environment
// does it itself.
const parsesWithNodeFile = Symbol.for("charter-oak.formData-with-node-file");
const ownerOfFormData = (proto: object) => {
  let owner: object | null = proto;
  while (owner && !Object.hasOwn(owner, "formData")) owner = Object.getPrototypeOf(owner);
  return owner as { formData(this: Request | Response): Promise<FormData> } | null;
};
const responseBody = ownerOfFormData(Response.prototype);
if (responseBody && !(parsesWithNodeFile in responseBody)) {
  const parse = responseBody.formData;
  const withNodeFile = async function formData(this: Request | Response) {
    const bytes = await this.arrayBuffer();
    const inMemory = new Response(bytes, {
      headers: { "content-type": this.headers.get("content-type") ?? "" },
    });
    const domFile = globalThis.File;
    globalThis.File = NodeFile as unknown as typeof File;
    try {
      return await parse.call(inMemory);
    } finally {
      globalThis.File = domFile;
    }
  };
  for (const body of [ownerOfFormData(Request.prototype), responseBody]) {
    if (!body) continue;
    Object.defineProperty(body, parsesWithNodeFile, { value: true });
    body.formData = withNodeFile;
  }
}
