import type { Unit } from "#domain/listings";
import { Badge } from "#web/components/ui/badge";
import { useI18n } from "#web/i18n/i18n-provider";
import { accessibilityText, unitFactRows } from "../../listing-text";

/**
 * What staff stated about the home beyond its rooms: its accessibility features first (renters
 * who need them look for them), then utilities, pets, parking, laundry, smoking and lease terms.
 * Nothing when staff stated none of it.
 */
export function UnitFacts({ unit }: { unit: Unit }) {
  const i18n = useI18n();
  const { t } = i18n;
  const rows = unitFactRows(i18n, unit);
  if (unit.accessibilityFeatures.length === 0 && rows.length === 0) return null;
  return (
    <section aria-labelledby="facts-heading">
      <h2 id="facts-heading" className="text-xl font-bold">
        {t("listings.facts.heading")}
      </h2>
      {unit.accessibilityFeatures.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">{t("listings.facts.accessibility")}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {unit.accessibilityFeatures.map((name) => (
              <li key={name}>
                <Badge variant="muted" className="px-3 py-1 text-sm">
                  {accessibilityText(i18n, name)}
                </Badge>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {rows.length > 0 ? (
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map((row) => (
            <div key={row.label} className="rounded-md border border-border p-3">
              <dt className="text-sm text-muted-foreground">{row.label}</dt>
              <dd className="font-medium">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
