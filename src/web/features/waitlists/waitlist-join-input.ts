import { readPlainForm } from "#web/lib/plain-form";
import type { WaitlistJoinResult } from "./components/waitlist-pages";

export const waitlistJoinFields = ["name", "email", "bedrooms"] as const;

/**
 * A building's waiting-list join, read from its fields (bedrooms as a number) and checked with
 * the API's own schema: the join, or what the form shows again with each field's refusal.
 */
export async function readWaitlistJoin(form: FormData, lang: "en" | "es") {
  const { waitlistJoinSchema } = await import("#domain/waitlists");
  const read = readPlainForm(form, waitlistJoinFields, (values) =>
    waitlistJoinSchema.safeParse({
      ...values,
      bedrooms: values.bedrooms === "" ? Number.NaN : Number(values.bedrooms),
      lang,
    }),
  );
  return read.ok
    ? read
    : {
        ok: false as const,
        result: { errors: read.errors, values: read.values } satisfies WaitlistJoinResult,
      };
}
