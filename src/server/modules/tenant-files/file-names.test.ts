import { describe, expect, it } from "vitest";
import { attachmentDisposition, ORIGINAL_NAME_MAX_CHARS, sanitizeOriginalName } from "./file-names";

describe("sanitizeOriginalName", () => {
  it.each([
    ["lease.pdf", "lease.pdf"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\dana\\My lease.pdf", "My lease.pdf"],
    ["bad\r\nname\u0000.pdf", "badname.pdf"],
    ["invoice\u202Efdp.exe", "invoicefdp.exe"],
    ["  spaced   out .pdf ", "spaced out .pdf"],
    ["Résumé – bail.pdf", "Résumé – bail.pdf"],
    ["", "document"],
    [undefined, "document"],
    ["..", "document"],
  ])("turns %j into %j", (input, expected) => {
    expect(sanitizeOriginalName(input)).toBe(expected);
  });

  it("cuts a long name to 200 characters and keeps its extension", () => {
    const name = sanitizeOriginalName(`${"a".repeat(300)}.pdf`);
    expect([...name]).toHaveLength(ORIGINAL_NAME_MAX_CHARS);
    expect(name.endsWith(".pdf")).toBe(true);
  });

  it("never splits a character made of two UTF-16 units", () => {
    const name = sanitizeOriginalName("📄".repeat(250));
    expect([...name]).toHaveLength(ORIGINAL_NAME_MAX_CHARS);
    expect(name).toBe("📄".repeat(ORIGINAL_NAME_MAX_CHARS));
  });
});

describe("attachmentDisposition", () => {
  it("gives a plain name as is, twice", () => {
    expect(attachmentDisposition("lease.pdf")).toBe(
      `attachment; filename="lease.pdf"; filename*=UTF-8''lease.pdf`,
    );
  });

  it("keeps quotes and percent signs out of the quoted form", () => {
    const header = attachmentDisposition('my "best" 100% (final).pdf');
    const quoted = /filename="([^"]*)"/.exec(header)?.[1];
    expect(quoted).toBe("my _best_ 100_ (final).pdf");
    expect(header).toContain(`filename*=UTF-8''my%20%22best%22%20100%25%20%28final%29.pdf`);
  });

  it("gives an ASCII fallback and the exact UTF-8 name for other scripts", () => {
    const header = attachmentDisposition("Résumé 履歴書.pdf");
    expect(header).toContain('filename="Resume ___.pdf"');
    expect(header).toContain(`filename*=UTF-8''${encodeURIComponent("Résumé 履歴書.pdf")}`);
    expect(/^[\x20-\x7e]+$/.test(header)).toBe(true);
  });

  it("cannot be split by line breaks", () => {
    const header = attachmentDisposition("evil\r\nSet-Cookie: a=b.pdf");
    expect(header).not.toMatch(/[\r\n]/);
  });
});
