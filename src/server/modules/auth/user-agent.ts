import { UNKNOWN_BROWSER, UNKNOWN_DEVICE } from "#domain/auth";

/**
 * A browser's user agent told as a person names it: the browser and the device, for the list
 * of sessions and the new sign-in e-mail. Only the common ones; anything else is "Unknown".
 * The order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const DEVICES: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "Chromebook"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

export function describeUserAgent(agent: string | null): { browser: string; device: string } {
  const text = agent ?? "";
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? UNKNOWN_BROWSER,
    device: DEVICES.find(([pattern]) => pattern.test(text))?.[1] ?? UNKNOWN_DEVICE,
  };
}
