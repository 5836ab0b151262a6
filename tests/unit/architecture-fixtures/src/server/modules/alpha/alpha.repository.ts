// Allowed: a repository reads its own table.
import { alphaTable } from "./alpha.table";

export const alphaName = () => alphaTable.name;
