// Allowed: the domain, and the server for types.
import type { RingA } from "../domain/ring-a";
// Breaks web-uses-server-types-only: a value from the server.
import { betaValue } from "../server/modules/beta";

export const pageTitle = betaValue();
export type PageRing = RingA;
