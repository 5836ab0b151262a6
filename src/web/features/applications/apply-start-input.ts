import type { ApplicationInvite } from "#domain/applications";
import { readPlainForm } from "#web/lib/plain-form";
import type { ApplyStartResult } from "./components/apply-start-page";

export const applyStartFields = ["name", "email"] as const;

/**
 * Apply Now's form (APPLY_NOW=online), read from its fields and checked with the invitation's
 * own schema: the renter's name, address and the page's language, or what the form shows again
 * with each field's refusal.
 */
export async function readApplyStart(
  form: FormData,
  lang: "en" | "es",
): Promise<
  | { ok: true; input: ApplicationInvite & { lang: "en" | "es" } }
  | { ok: false; result: ApplyStartResult }
> {
  const { applicationInviteSchema } = await import("#domain/applications");
  const read = readPlainForm(form, applyStartFields, (values) =>
    applicationInviteSchema.safeParse({ ...values, lang }),
  );
  return read.ok
    ? { ok: true, input: { ...read.input, lang } }
    : { ok: false, result: { errors: read.errors, values: read.values } };
}
