import { type FormEvent, useState } from "react";

/**
 * Plain forms: the public pages' forms that work without scripts (a POST to the page's action).
 * The action and, when scripts run, the browser check the answers with the API's own schema, and
 * each field shows its first refusal.
 */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

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

/**
 * The browser's check of a plain form before it is sent: with refusals, the form is not sent,
 * each field shows its own and the first refused field takes focus. `checked` is null until the
 * first try (the page then shows the server's answer, if any).
 */
export function useFormCheck<F extends string>(
  fields: readonly F[],
  check: (values: Record<F, string>) => FieldErrors<F>,
) {
  const [checked, setChecked] = useState<FieldErrors<F> | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const errors = check(formValues(new FormData(event.currentTarget), fields));
    setChecked(errors);
    const first = fields.find((field) => errors[field]);
    if (first === undefined) return;
    event.preventDefault();
    event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };
  return { checked, onSubmit };
}
