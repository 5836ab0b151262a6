/**
 * Plain forms: the public pages' forms that work without scripts (a POST to the page's own
 * action). The route reads and checks the fields with the API's own schema in its action (on
 * the server) and, through `checkThenSend`, in its clientAction (in the browser, before anything
 * is sent); each field shows its first refusal.
 */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };
type Parsed<T> =
  | { success: true; data: T }
  | { success: false; error: { readonly issues: readonly Issue[] } };

/** A plain form's answers by field name, as text (a field not sent is empty). */
export function formValues<F extends string>(form: FormData, fields: readonly F[]) {
  return Object.fromEntries(
    fields.map((field) => [field, String(form.get(field) ?? "")]),
  ) as Record<F, string>;
}

/** Each field's first refusal among a schema's issues; issues of other paths are left out. */
export function fieldErrors<F extends string>(
  issues: readonly Issue[],
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0] as F;
    if (fields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The form's fields read and parsed: the input, or each field's refusal with what was typed. */
export function readPlainForm<F extends string, T>(
  form: FormData,
  fields: readonly F[],
  parse: (values: Record<F, string>) => Parsed<T>,
): { ok: true; input: T } | { ok: false; errors: FieldErrors<F>; values: Record<F, string> } {
  const values = formValues(form, fields);
  const parsed = parse(values);
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, errors: fieldErrors(parsed.error.issues, fields), values };
}

/**
 * A plain form's clientAction: the form is checked in the browser as the server's action checks
 * it (`read`), and sent only if it passes; a refusal on the way (too many tries, no connection)
 * is said on the form (`failed`) instead of replacing the page with an error.
 */
export async function checkThenSend<R>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<unknown> },
  read: (form: FormData) => Promise<{ ok: true } | { ok: false; result: R }>,
  failed: (message: string, form: FormData) => R,
): Promise<R> {
  const form = await request.clone().formData();
  const checked = await read(form);
  if (!checked.ok) return checked.result;
  try {
    return (await serverAction()) as R;
  } catch (error) {
    const [{ messages }, { tryAgainLater }] = await Promise.all([
      import("#domain/messages"),
      import("./api-client"),
    ]);
    const status = (error as { status?: number }).status;
    return failed(status === 429 ? messages.server.tooManyRequests : tryAgainLater, form);
  }
}
