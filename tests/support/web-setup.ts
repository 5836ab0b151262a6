import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { apiServer } from "./api-mocks";

// Every API call a component makes is answered by a handler built from its contract
// (api-mocks.ts); a call no test expects fails the test.
beforeAll(() => apiServer.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
});
afterAll(() => apiServer.close());
