import { adminPropertiesApi } from "#domain/api/admin-properties";
import { handle } from "#tests/support/api-mocks";

type Building = { id: number; title: string; units?: { id?: number; unitNumber: string }[] };

/**
 * A stand-in server's building choices: the buildings whose name has the words typed, the first
 * 50 by name, the one asked for by id always among them, and how many match.
 */
export function choicesHandler(buildings: Building[]) {
  return handle(adminPropertiesApi.choices, ({ query }) => {
    const words = (query.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const found = buildings
      .filter((b) => words.every((word) => b.title.toLowerCase().includes(word)))
      .sort((a, b) => a.title.localeCompare(b.title));
    const listed = found.slice(0, 50);
    const chosen = buildings.find((b) => String(b.id) === query.id);
    if (chosen && !listed.includes(chosen)) listed.unshift(chosen);
    return {
      items: listed.map((b) => ({
        id: b.id,
        title: b.title,
        units: (b.units ?? []).map((u, i) => ({
          id: u.id ?? b.id * 1000 + i,
          unitNumber: u.unitNumber,
        })),
      })),
      total: found.length,
    };
  });
}
