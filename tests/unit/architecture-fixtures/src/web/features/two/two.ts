// Breaks web-features-apart.
import { one } from "../one/one";

export const two = one + 1;
