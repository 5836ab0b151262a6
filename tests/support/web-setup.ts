import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { apiServer } from "./api-mocks";

// findBy and waitFor wait up to 3 s (not 1 s): on a loaded two-core machine a render that
// follows an answer can take longer than a second without anything being wrong.
configure({ asyncUtilTimeout: 3_000 });

// Every API call a component makes is answered by a handler built from its contract
// (api-mocks.ts); a call no test expects fails the test.
beforeAll(() => apiServer.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
});
afterAll(() => apiServer.close());
