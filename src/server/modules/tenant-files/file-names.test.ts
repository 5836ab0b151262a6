import { describe, expect, it } from "vitest";
import {
  attachmentDisposition,
  downloadHeaders,
  nameForType,
  ORIGINAL_NAME_MAX_CHARS,
  sanitizeOriginalName,
} from "./file-names";
import { DOCX_MIME } from "./file-sniff";

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

describe("nameForType", () => {
  it.each([
    ["invoice.hta", "application/pdf", "invoice.pdf"],
    ["invoice.HTML", "application/pdf", "invoice.pdf"],
    ["logo.svg", "image/png", "logo.png"],
    ["update.jar", DOCX_MIME, "update.docx"],
    ["scan", "application/pdf", "scan.pdf"],
    ["scan.", "application/pdf", "scan.pdf"],
    ["Lease 2025.v2", "application/pdf", "Lease 2025.v2.pdf"],
    ["Lease.Smith", "application/pdf", "Lease.Smith.pdf"],
    ["J. Smith.Lease.PDF", "application/pdf", "J. Smith.Lease.PDF"],
    ["Lease.Smith.Ps1", "application/pdf", "Lease.Smith.pdf"],
    ["photo.GIF", "image/png", "photo.png"],
    ["statement.2025", "application/pdf", "statement.2025.pdf"],
    ["Mr. Smith lease", "application/pdf", "Mr. Smith lease.pdf"],
    ["invoice.pdf.exe", "application/pdf", "invoice.pdf.pdf"],
    [".hta", "application/pdf", ".hta.pdf"],
    ["IMG_0001.HEIC", "image/heic", "IMG_0001.HEIC"],
    ["IMG_0001.heif", "image/heic", "IMG_0001.heif"],
    ["faucet.jpeg", "image/jpeg", "faucet.jpeg"],
    ["faucet.JPG", "image/jpeg", "faucet.JPG"],
    ["faucet.png", "image/jpeg", "faucet.jpg"],
    ["", "application/pdf", "document.pdf"],
    ["../../evil\u202Efdp.hta", "application/pdf", "evilfdp.pdf"],
    ["page.html", "text/html", "page.bin"],
    ["proto", "constructor", "proto.bin"],
  ])("names %j holding %s %j", (name, mime, expected) => {
    expect(nameForType(name, mime)).toBe(expected);
  });

  it("stays within 200 characters when it adds an extension", () => {
    const name = nameForType(`${"a".repeat(300)}.hta`, DOCX_MIME);
    expect([...name]).toHaveLength(ORIGINAL_NAME_MAX_CHARS);
    expect(name.endsWith("a.docx")).toBe(true);
  });
});

describe("downloadHeaders", () => {
  it("sends a detected type as itself, under its name for that type", () => {
    expect(downloadHeaders({ originalName: "update.jar", mime: DOCX_MIME })).toEqual({
      contentType: DOCX_MIME,
      contentDisposition: `attachment; filename="update.docx"; filename*=UTF-8''update.docx`,
    });
  });

  it("sends any other type as bytes to save", () => {
    expect(downloadHeaders({ originalName: "a.svg", mime: "image/svg+xml" })).toEqual({
      contentType: "application/octet-stream",
      contentDisposition: `attachment; filename="a.bin"; filename*=UTF-8''a.bin`,
    });
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
