// Breaks not-to-unresolvable.
// @ts-expect-error: the file does not exist, on purpose.
import { nothing } from "./no-such-file";

export const typo = nothing;
