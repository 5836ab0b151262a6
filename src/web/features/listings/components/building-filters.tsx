import { SlidersHorizontal } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { hasActiveFilters } from "#domain/listing-format";
import type { BuildingFilters as Filters } from "#domain/listings";
import { accessFilterValues, featureOfAccessFilter, utilities } from "#domain/unit-facts";
import { Button } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { accessibilityText, rentPerMonth } from "../listing-text";

const bedroomOptions = [1, 2, 3];
const rentOptions = [1200, 1500, 1800, 2100, 2500, 3000];

const selectClass =
  "h-11 w-full rounded-md border border-border bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** Empty choices are left out of the URL, so a shared link carries only what was chosen. */
function withoutEmpty(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (value !== "") params.set(key, String(value));
  return params;
}

/**
 * /properties filters: bedrooms, maximum rent, an accessibility feature, pets, a utility included,
 * available now. They live in the URL (a GET form), so a filtered view can be shared; with scripts
 * on, a change applies at once. The query's names and values (beds, maxRent, access=step-free,
 * pets=allowed, utilities=heat, available) are the same in every language.
 */
export function BuildingFilters({ filters }: { filters: Filters }) {
  const submit = useSubmit();
  const i18n = useI18n();
  const { t, path } = i18n;
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("listings.filters.label")}
      className="grid gap-4 rounded-lg border border-border bg-muted p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      onChange={(event) =>
        submit(withoutEmpty(event.currentTarget), { preventScrollReset: true, replace: true })
      }
      onSubmit={(event) => {
        event.preventDefault();
        submit(withoutEmpty(event.currentTarget), { preventScrollReset: true });
      }}
    >
      <label className="grid gap-1.5 text-sm font-medium">
        {t("listings.filters.bedrooms")}
        <select name="beds" defaultValue={filters.beds ?? ""} className={selectClass}>
          <option value="">{t("listings.filters.any")}</option>
          {bedroomOptions.map((n) => (
            <option key={n} value={n}>
              {t("listings.filters.bedroomsAtLeast", { count: String(n) })}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1.5 text-sm font-medium">
        {t("listings.filters.maxRent")}
        <select name="maxRent" defaultValue={filters.maxRent ?? ""} className={selectClass}>
          <option value="">{t("listings.filters.any")}</option>
          {rentOptions.map((rent) => (
            <option key={rent} value={rent}>
              {rentPerMonth(i18n, rent)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1.5 text-sm font-medium">
        {t("listings.filters.access")}
        <select name="access" defaultValue={filters.access ?? ""} className={selectClass}>
          <option value="">{t("listings.filters.any")}</option>
          {accessFilterValues.map((value) => (
            <option key={value} value={value}>
              {accessibilityText(i18n, featureOfAccessFilter(value))}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1.5 text-sm font-medium">
        {t("listings.filters.pets")}
        <select name="pets" defaultValue={filters.pets ?? ""} className={selectClass}>
          <option value="">{t("listings.filters.any")}</option>
          <option value="allowed">{t("listings.filters.petsAllowed")}</option>
          <option value="cats">{t("listings.filters.catsAllowed")}</option>
          <option value="dogs">{t("listings.filters.dogsAllowed")}</option>
        </select>
      </label>
      <label className="grid gap-1.5 text-sm font-medium">
        {t("listings.filters.utilities")}
        <select name="utilities" defaultValue={filters.utilities ?? ""} className={selectClass}>
          <option value="">{t("listings.filters.any")}</option>
          {utilities.map((value) => (
            <option key={value} value={value}>
              {t(`listings.fact.utility.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 sm:col-span-2 lg:col-span-5">
        <label className="flex h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="available"
            value="true"
            defaultChecked={filters.available === true}
            className="size-5 accent-[var(--color-primary)]"
          />
          {t("listings.filters.availableNow")}
        </label>
        <div className="flex gap-2">
          <Button type="submit" variant="default">
            <SlidersHorizontal aria-hidden="true" />
            {t("listings.filters.apply")}
          </Button>
          {hasActiveFilters(filters) ? (
            <Link
              to={path("/properties")}
              preventScrollReset
              className="inline-flex h-10 items-center px-3 text-sm font-semibold text-primary hover:underline"
            >
              {t("listings.filters.clear")}
            </Link>
          ) : null}
        </div>
      </div>
    </Form>
  );
}
