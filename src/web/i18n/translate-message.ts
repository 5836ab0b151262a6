import english from "#domain/i18n/messages/en/form.json";

/**
 * The catalogue id of each English validation or server message, read from the English `form`
 * catalogue, which holds exactly the domain's texts (validation.test.ts checks it against
 * `validationIds()`). Read from the catalogue rather than the domain so that a form field does
 * not bring the domain's schemas (and classic zod) into every page that has one.
 */
const idOf = new Map<string, string>(Object.entries(english).map(([id, text]) => [text, id]));

/**
 * A schema's or the server's English message in the page's language: its translation when the
 * catalogue knows it, else the text as it came (a message of the back office, always English).
 */
export function translateMessage(t: (id: string) => string, text: string): string {
  const id = idOf.get(text);
  return id ? t(id) : text;
}
