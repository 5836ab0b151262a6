/**
 * Starts a browser download of a same-origin link. The server answers it with
 * Content-Disposition: attachment, so the page stays where it is; `download` names the file in
 * browsers that honour it for same-origin links.
 */
export function startDownload(url: string, filename: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
