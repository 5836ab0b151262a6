import { useId } from "react";
import { Link } from "react-router";
import { type AdminProperty, adminMessages } from "#domain/admin";
import { Card } from "#web/components/ui/card";
import { Progress } from "#web/components/ui/progress";

function occupancy(property: AdminProperty) {
  const total = property.units.length;
  const available = property.units.filter((unit) => unit.available).length;
  return { total, available, rate: total === 0 ? 0 : ((total - available) / total) * 100 };
}

/**
 * Each building's share of occupied units, so the office sees where the vacancies are: the
 * dashboard's first page of buildings (the newest), and how many more there are.
 */
export function BuildingOccupancy({
  properties,
  total,
}: {
  /** The first page of buildings, the newest first. */
  properties: AdminProperty[];
  /** How many buildings there are in all. */
  total: number;
}) {
  const titleId = useId();
  return (
    <Card className="p-5">
      <section aria-labelledby={titleId}>
        <h3 id={titleId} className="text-lg font-semibold">
          Occupancy by Building
        </h3>
        {total > properties.length && properties.length > 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">
            {`The ${properties.length} newest of ${total} buildings.`}
          </p>
        ) : null}
        {properties.length === 0 ? (
          <p className="mt-3 text-muted-foreground">{adminMessages.noBuildings}</p>
        ) : (
          <ul className="mt-3 divide-y divide-border">
            {properties.map((property) => {
              const { total, available, rate } = occupancy(property);
              return (
                <li key={property.id} className="grid gap-2 py-3 sm:grid-cols-[1fr_12rem] sm:gap-6">
                  <div className="min-w-0">
                    <Link
                      to={`/buildings/${property.id}`}
                      className="inline-flex min-h-11 items-center font-medium break-words underline-offset-4 hover:underline sm:min-h-0"
                    >
                      {property.title}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {total === 0 ? "No units" : `${available} of ${total} units available`}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <Progress
                      value={rate}
                      label={`${property.title} occupancy`}
                      className="flex-1"
                    />
                    <span className="w-10 text-right text-sm tabular-nums">{`${Math.round(rate)}%`}</span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Card>
  );
}
