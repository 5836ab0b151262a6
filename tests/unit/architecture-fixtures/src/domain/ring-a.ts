// Breaks no-circular, with type-only imports alone.
import type { RingB } from "./ring-b";

export type RingA = { next?: RingB };
