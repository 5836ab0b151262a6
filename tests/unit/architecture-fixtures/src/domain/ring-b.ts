import type { RingA } from "./ring-a";

export type RingB = { next?: RingA };
