/**
 * Partial upload progress, for the tests that show it. MSW answers an XMLHttpRequest upload
 * through the contract's handler and reports one progress event, at 100%, as it answers; bytes
 * sent before that are reported by the test: this records each upload's progress handler (what
 * the browser calls as the body goes out, `xhr.upload.onprogress`) so the test can call it while
 * the handler holds its answer back.
 */
export type UploadUnderWay = { progress(loaded: number, total: number): void };

export function recordUploadProgress(): { uploads: UploadUnderWay[]; stop(): void } {
  const uploads: UploadUnderWay[] = [];
  const prototype = XMLHttpRequestEventTarget.prototype;
  const original = Object.getOwnPropertyDescriptor(prototype, "onprogress");
  if (!original?.set) throw new Error("XMLHttpRequestEventTarget has no onprogress setter");
  Object.defineProperty(prototype, "onprogress", {
    ...original,
    set(this: XMLHttpRequestEventTarget, handler: unknown) {
      original.set!.call(this, handler);
      if (!(this instanceof XMLHttpRequestUpload) || typeof handler !== "function") return;
      uploads.push({
        progress: (loaded, total) =>
          this.dispatchEvent(
            new ProgressEvent("progress", { lengthComputable: true, loaded, total }),
          ),
      });
    },
  });
  return { uploads, stop: () => Object.defineProperty(prototype, "onprogress", original) };
}
