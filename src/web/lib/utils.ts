import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * A typed or pasted code without its spaces: apps show "123 456", people copy "k7m2p x9q4r".
 * For react-hook-form's `setValueAs`, so the schema checks the code as it will be sent.
 */
export const withoutSpaces = (value: unknown) =>
  typeof value === "string" ? value.replace(/\s+/g, "") : value;
