export const betaValue = () => "beta";
