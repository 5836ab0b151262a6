// Allowed: a module through its index.

// Breaks server-not-web.
import { pageTitle } from "../web/page";
import { alphaValue } from "./modules/alpha";
// Breaks server-uses-modules-through-their-index.
import { betaValue } from "./modules/beta/beta.service";

export const wired = () => [alphaValue(), betaValue(), pageTitle].join(" ");
