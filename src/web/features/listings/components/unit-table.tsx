import { Link } from "react-router";
import { formatBathrooms, formatBedrooms, formatRent } from "#domain/listing-format";
import type { UnitSummary } from "#domain/listings";
import { Badge } from "#web/components/ui/badge";

const dateFormatter = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

export function availabilityText(unit: Pick<UnitSummary, "available" | "availableFrom">): string {
  if (!unit.available) return "Rented";
  if (unit.availableFrom && new Date(`${unit.availableFrom}T00:00:00Z`) > new Date()) {
    return `From ${dateFormatter.format(new Date(`${unit.availableFrom}T00:00:00Z`))}`;
  }
  return "Available now";
}

/** The building page's units: each row links to its unit page (without it no visitor reaches a unit). */
export function UnitTable({ units }: { units: UnitSummary[] }) {
  if (units.length === 0) {
    return (
      <p className="text-muted-foreground">
        No units are listed for this building yet. Contact us to ask about openings.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[560px] text-left text-sm">
        <caption className="sr-only">Units in this building</caption>
        <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3">
              Unit
            </th>
            <th scope="col" className="px-4 py-3">
              Bedrooms
            </th>
            <th scope="col" className="px-4 py-3">
              Bathrooms
            </th>
            <th scope="col" className="px-4 py-3">
              Rent
            </th>
            <th scope="col" className="px-4 py-3">
              Availability
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {units.map((unit) => (
            <tr key={unit.id} className="hover:bg-muted/60">
              <th scope="row" className="px-4 py-3 font-semibold">
                <Link to={`/properties/${unit.id}`} className="text-primary hover:underline">
                  {`Unit ${unit.unitNumber}`}
                </Link>
              </th>
              <td className="px-4 py-3">{formatBedrooms(unit.bedrooms)}</td>
              <td className="px-4 py-3">{formatBathrooms(unit.bathrooms)}</td>
              <td className="px-4 py-3">{`${formatRent(unit.rent)}/month`}</td>
              <td className="px-4 py-3">
                <Badge variant={unit.available ? "success" : "muted"}>
                  {availabilityText(unit)}
                </Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
