export const alphaTable = { name: "alpha" };
