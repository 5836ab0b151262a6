import { Link } from "react-router";
import type { UnitSummary } from "#domain/listings";
import { Badge } from "#web/components/ui/badge";
import { useI18n } from "#web/i18n/i18n-provider";
import { availabilityText, bathroomsText, bedroomsText, rentPerMonth } from "../listing-text";

/** The building page's units: each row links to its unit page (without it no visitor reaches a unit). */
export function UnitTable({ units }: { units: UnitSummary[] }) {
  const i18n = useI18n();
  const { t, path } = i18n;
  if (units.length === 0) {
    return <p className="text-muted-foreground">{t("listings.unitTable.empty")}</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[560px] text-left text-sm">
        <caption className="sr-only">{t("listings.unitTable.caption")}</caption>
        <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t("listings.unitTable.unit")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("listings.unitTable.bedrooms")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("listings.unitTable.bathrooms")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("listings.unitTable.rent")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("listings.unitTable.availability")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {units.map((unit) => (
            <tr key={unit.id} className="hover:bg-muted/60">
              <th scope="row" className="px-4 py-3 font-semibold">
                <Link to={path(`/properties/${unit.id}`)} className="text-primary hover:underline">
                  {t("listings.unitTable.unitNumber", { number: unit.unitNumber })}
                </Link>
              </th>
              <td className="px-4 py-3">{bedroomsText(i18n, unit.bedrooms)}</td>
              <td className="px-4 py-3">{bathroomsText(i18n, unit.bathrooms)}</td>
              <td className="px-4 py-3">{rentPerMonth(i18n, unit.rent)}</td>
              <td className="px-4 py-3">
                <Badge variant={unit.available ? "success" : "muted"}>
                  {availabilityText(i18n, unit)}
                </Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
