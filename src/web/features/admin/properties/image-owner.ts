/** Whose image it is: a building's or a unit's. The call that removes it depends on it. */
export type ImageOwner = { propertyId: number } | { unitId: number };
