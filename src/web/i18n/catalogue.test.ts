import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { locales } from "#domain/locale";
import { namespaces } from "./namespaces";
import { validationIds } from "./validation";

const root = join(import.meta.dirname, "../../domain/i18n/messages");

function catalogue(locale: string, namespace: string): Record<string, string> {
  return JSON.parse(readFileSync(join(root, locale, `${namespace}.json`), "utf8"));
}

/** The ICU arguments ({name}, {count, plural, …}) and the markup tags (<link>…</link>) of a message. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([a-zA-Z0-9_]+)\s*[,}]/g)) names.add(`{${match[1]}}`);
  for (const match of message.matchAll(/<([a-zA-Z0-9]+)>/g)) names.add(`<${match[1]}>`);
  return [...names].sort();
}

/** The ICU argument types a message uses (number and date styles are formatted in code instead). */
function argumentTypes(tokens: CompiledMessage, found = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (typeof token === "string") continue;
    const [, type, format] = token;
    if (type) found.add(type);
    if (format && typeof format === "object") {
      for (const branch of Object.values(format)) {
        if (Array.isArray(branch)) argumentTypes(branch as CompiledMessage, found);
      }
    }
  }
  return found;
}

describe("the catalogues", () => {
  it("hold one file per namespace in each language, and nothing else", () => {
    for (const locale of locales) {
      const files = readdirSync(join(root, locale)).sort();
      expect(files, locale).toEqual(namespaces.map((n) => `${n}.json`).sort());
    }
  });

  for (const namespace of namespaces) {
    it(`${namespace}: the same messages in every language, each of its namespace`, () => {
      const [first, ...others] = locales.map((locale) => catalogue(locale, namespace));
      const ids = Object.keys(first!).sort();
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(id.startsWith(`${namespace}.`), id).toBe(true);
      for (const other of others) expect(Object.keys(other!).sort()).toEqual(ids);
    });

    it(`${namespace}: every message compiles, with the same placeholders and markup in each language`, () => {
      const [english, ...others] = locales.map((locale) => catalogue(locale, namespace));
      for (const [id, message] of Object.entries(english!)) {
        expect(() => compileMessageOrThrow(message), id).not.toThrow();
        for (const type of argumentTypes(compileMessageOrThrow(message))) {
          expect(["plural", "selectordinal", "select"], `${id} uses {…, ${type}}`).toContain(type);
        }
        for (const other of others) {
          const translated = other![id] ?? "";
          expect(translated.trim(), `${id} is empty`).not.toBe("");
          expect(() => compileMessageOrThrow(translated), id).not.toThrow();
          expect(placeholders(translated), id).toEqual(placeholders(message));
        }
      }
    });
  }

  it("hold the validation and server messages in English exactly as the domain writes them", () => {
    const english = catalogue("en", "form");
    for (const [text, id] of validationIds()) {
      if (id in english) expect(english[id], id).toBe(text);
    }
  });
});
