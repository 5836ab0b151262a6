import { toast } from "sonner";
import { afterEach, beforeEach, vi } from "vitest";

/**
 * Replaces sonner's toasts with spies for each test of the file that calls this, and puts the
 * real ones back after it: `expect(toast.success).toHaveBeenCalledWith(...)`. A spy on the one
 * `toast` object, not a module mock, so the file can share its module graph with the others.
 */
export function spyOnToasts() {
  const spies: { mockRestore: () => void }[] = [];
  beforeEach(() => {
    for (const kind of ["success", "error", "info"] as const) {
      spies.push(vi.spyOn(toast, kind).mockImplementation(() => ""));
    }
  });
  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });
}
