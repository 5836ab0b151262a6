import type { PrivacyRequest } from "#domain/privacy";
import type { PrivacyRequestResult } from "./components/privacy-request-form";

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
  const values = { email: String(form.get("email") ?? ""), kind: String(form.get("kind") ?? "") };
  const parsed = privacyRequestSchema.safeParse({ ...values, lang });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: { email?: string; kind?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "kind") && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, result: { sent: false, errors, values } };
}
