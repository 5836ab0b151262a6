/**
 * Text and attribute values for an XML document the server writes (the sitemap, the listing
 * feed): the five markup characters escaped, and the characters XML 1.0 cannot carry dropped.
 */
export function escapeXml(value: string | number): string {
  return (
    String(value)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the ones removed
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}
