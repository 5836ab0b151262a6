/**
 * Saves text as a file: a Blob behind a temporary object URL and an `<a download>`, which works
 * without a server round trip (for what lives only in this page: notifications, recovery codes).
 */
export function downloadFile(fileName: string, text: string, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has handed the URL to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
