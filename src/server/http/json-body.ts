import type { FastifyInstance } from "fastify";
import { JSON_MAX_DEPTH } from "#domain/api/contract";
import { messages } from "#domain/messages";
import { badRequest } from "./errors";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/**
 * Whether the arrays and objects of a JSON text nest deeper than `max`: one pass over the text,
 * stopping at the first level too deep, so a body of a million brackets costs as little as a
 * flat one (brackets inside strings do not count). The text need not be valid JSON.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (OPEN.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(c)) {
      depth--;
    }
  }
  return false;
}

/**
 * The API's JSON parser. A route whose contract takes no body reads what a client sends anyway
 * (up to its small limit) and never parses it; a body nested deeper than JSON_MAX_DEPTH is
 * refused before it is parsed (parsing work would grow with the depth); anything else goes to
 * Fastify's own parser, which also refuses `__proto__` and `constructor.prototype` keys.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const contract = request.routeOptions.config?.contract;
    if (contract && !contract.body) return done(null, undefined);
    if (nestsDeeperThan(body as string, JSON_MAX_DEPTH)) {
      return done(badRequest(messages.server.tooDeep), undefined);
    }
    return parse(request, body as string, done);
  });
}
