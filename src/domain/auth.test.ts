import { describe, expect, it } from "vitest";
import { browserOnDevice, UNKNOWN_BROWSER, UNKNOWN_DEVICE } from "./auth";

describe("browserOnDevice", () => {
  it("names a session's browser and device in the reader's language", () => {
    expect(browserOnDevice("Chrome", "Mac")).toBe("Chrome on Mac");
    expect(browserOnDevice("Chrome", "Mac", "es")).toBe("Chrome en Mac");
  });

  it("translates the unknown ones, which are words, not brands", () => {
    expect(browserOnDevice(UNKNOWN_BROWSER, UNKNOWN_DEVICE)).toBe(
      "Unknown browser on Unknown device",
    );
    expect(browserOnDevice(UNKNOWN_BROWSER, "iPhone", "es")).toBe(
      "Navegador desconocido en iPhone",
    );
    expect(browserOnDevice("Firefox", UNKNOWN_DEVICE, "es")).toBe(
      "Firefox en un dispositivo desconocido",
    );
  });
});
