import type { PrivacyRequest } from "#domain/privacy";
import { readPlainForm } from "#web/lib/plain-form";
import type { PrivacyRequestResult } from "./components/privacy-request-form";

export const privacyRequestFields = ["email", "kind"] as const;

/**
 * The privacy page's form, read from its fields and checked with the API's own schema (fetched
 * when the form is sent, so the page's first view carries no validation code): the request, or
 * what the form shows again with each field's refusal.
 */
export async function readPrivacyRequest(
  form: FormData,
  lang: "en" | "es",
): Promise<{ ok: true; input: PrivacyRequest } | { ok: false; result: PrivacyRequestResult }> {
  const { privacyRequestSchema } = await import("#domain/privacy");
  const read = readPlainForm(form, privacyRequestFields, (values) =>
    privacyRequestSchema.safeParse({ ...values, lang }),
  );
  return read.ok
    ? read
    : { ok: false, result: { sent: false, errors: read.errors, values: read.values } };
}
