// Breaks modules-through-their-index: another module's file, not its index.
import { betaValue } from "../beta/beta.service";
// Breaks tables-only-in-repositories: a service reads a table.
import { alphaTable } from "./alpha.table";

export const alphaValue = () => `${alphaTable.name}-${betaValue()}`;
