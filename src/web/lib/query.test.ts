import { describe, expect, it } from "vitest";
import { clearSession } from "#web/features/auth/session-storage";
import { queryClient } from "./query";

describe("the page's query cache", () => {
  it("is one client per tab", () => {
    expect(queryClient()).toBe(queryClient());
  });

  it("forgets the back office's data when the session ends", () => {
    queryClient().setQueryData(["listings", "adminProperties.list", {}], [{ id: 1 }]);
    clearSession();
    expect(queryClient().getQueryData(["listings", "adminProperties.list", {}])).toBeUndefined();
  });
});
