import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { classMergeConfig } from "./class-merge-config";

/**
 * tailwind-merge with the class groups this app uses only (class-merge-config.ts, generated):
 * the same merges as its full configuration for every class the app writes, 3 KB (gzip) lighter
 * on every page and without building tables for every Tailwind utility on its first call.
 */
const mergeClasses = createTailwindMerge(() => classMergeConfig);

/** Classes joined, a later class winning over an earlier one of its kind (`h-11` over `h-10`). */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}

/**
 * A typed or pasted code without its spaces: apps show "123 456", people copy "k7m2p x9q4r".
 * For react-hook-form's `setValueAs`, so the schema checks the code as it will be sent.
 */
export const withoutSpaces = (value: unknown) =>
  typeof value === "string" ? value.replace(/\s+/g, "") : value;
