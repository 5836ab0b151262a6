import type { AlertCriteria, AlertFrequency } from "#domain/alerts";
import { formatList, formatRent } from "#domain/i18n/intl-formats";
import type { Translator } from "#domain/i18n/translator";

type T = Pick<Translator, "t" | "intl">;

/** What an alert looks for, in the page's language: "2+ bedrooms, up to $1,800, in Hartford". */
export function criteriaText({ t, intl }: T, criteria: AlertCriteria): string {
  const parts = [
    ...(criteria.bedroomsMin
      ? [t("alerts.criteria.bedrooms", { count: criteria.bedroomsMin })]
      : []),
    ...(criteria.rentMax !== undefined
      ? [t("alerts.criteria.rentMax", { rent: formatRent(criteria.rentMax, intl) })]
      : []),
    ...(criteria.towns?.length
      ? [
          t("alerts.criteria.towns", {
            towns: formatList(criteria.towns, intl, "disjunction"),
          }),
        ]
      : []),
    ...(criteria.availableNow ? [t("alerts.criteria.availableNow")] : []),
  ];
  return parts.length > 0 ? parts.join(", ") : t("alerts.criteria.any");
}

export const frequencyText = ({ t }: T, frequency: AlertFrequency) =>
  t(`alerts.frequency.${frequency}`);
