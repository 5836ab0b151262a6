import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { adminPropertiesApi, type BuildingChoices } from "#domain/api/admin-properties";
import { PickerFinder, useFinderShown } from "#web/components/picker-finder";
import { contractQuery } from "#web/lib/query";
import { useDebouncedValue } from "#web/lib/use-debounced-value";

/** A building as the back office's pickers offer it: its id, name and unit numbers. */
export type BuildingChoice = BuildingChoices["items"][number];

const noChoices: BuildingChoice[] = [];

/** Words typed in a picker's finder are asked for once the typing stops for this long. */
const FIND_DELAY_MS = 300;

/**
 * The buildings a back-office picker offers (a filter's "Building", the document request's
 * building): the first 50 by name, from the server, the one already chosen always among them.
 * When there are more than that, the picker shows a finder, a small search field above its
 * list whose words narrow the list on the server (name, address or town); with fewer, the
 * picker is the plain list it always was.
 */
export function useBuildingChoices(chosenId: number | null | undefined) {
  const [typed, setTyped] = useState("");
  const q = useDebouncedValue(typed.trim(), FIND_DELAY_MS);
  const query = useQuery({
    ...contractQuery(adminPropertiesApi.choices, {
      query: { q: q === "" ? undefined : q, id: chosenId ?? undefined },
    }),
    // Other words: the last list stays in the picker until the new one comes.
    placeholderData: keepPreviousData,
  });
  const listed = query.data?.items ?? noChoices;
  const total = query.data?.total ?? 0;
  // The finder stays once shown (while words are typed the list may well fit).
  const needsFinder = useFinderShown(typed !== "" || total > listed.length);
  const finder = needsFinder ? (
    <PickerFinder
      label="Find a building"
      placeholder="Name, street or town"
      typed={typed}
      onType={setTyped}
      shown={listed.length}
      total={total}
      things={["building", "buildings"]}
      order="by name"
    />
  ) : null;
  return { buildings: listed, finder, query };
}
