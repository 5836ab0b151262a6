import { CheckCheck, Filter, Search, Trash2, X } from "lucide-react";
import { useId } from "react";
import type { Translator } from "#domain/i18n/translator";
import {
  categoryFilters,
  dateFilters,
  defaultFilters,
  hasActiveFilters,
  type NotificationFilters,
  statusFilters,
  typeFilters,
} from "#domain/notifications";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { SelectField } from "#web/components/ui/form-field";
import { useI18n } from "#web/i18n/i18n-provider";

type Props = {
  filters: NotificationFilters;
  onFiltersChange: (filters: NotificationFilters) => void;
  panelOpen: boolean;
  onPanelOpenChange: (open: boolean) => void;
  shown: number;
  total: number;
  unread: number;
  onMarkAllRead: () => void;
  onClearAll: () => void;
};

const selects = [
  { key: "type", values: typeFilters },
  { key: "category", values: categoryFilters },
  { key: "status", values: statusFilters },
  { key: "date", values: dateFilters },
] as const;

/** An option's words: a type or category by its own name, the rest by the filter's. */
export function optionLabel(
  t: Translator["t"],
  key: (typeof selects)[number]["key"],
  value: string,
) {
  if ((key === "type" || key === "category") && value !== "all")
    return t(`notifications.${key}.${value}`);
  return t(`notifications.filter.${key}.${value}`);
}

/** The 'Search & Filter' card: search, the filter panel and the actions on the whole list. */
export function HistoryFilters({
  filters,
  onFiltersChange,
  panelOpen,
  onPanelOpenChange,
  shown,
  total,
  unread,
  onMarkAllRead,
  onClearAll,
}: Props) {
  const { t } = useI18n();
  const id = useId();
  const set = (change: Partial<NotificationFilters>) => onFiltersChange({ ...filters, ...change });
  return (
    <Card className="mb-6 p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-bold">{t("notifications.filters.title")}</h2>
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="relative flex-1">
          <label htmlFor={`${id}-search`} className="sr-only">
            {t("notifications.filters.searchLabel")}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id={`${id}-search`}
            type="search"
            placeholder={t("notifications.filters.searchPlaceholder")}
            value={filters.search}
            onChange={(event) => set({ search: event.target.value })}
            className="h-11 w-full rounded-md border border-border bg-background pl-9 pr-3 text-base shadow-sm placeholder:text-muted-foreground"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="h-11"
            aria-expanded={panelOpen}
            aria-controls={`${id}-panel`}
            onClick={() => onPanelOpenChange(!panelOpen)}
          >
            <Filter aria-hidden="true" /> {t("notifications.filters.toggle")}
          </Button>
          {unread > 0 ? (
            <Button variant="secondary" className="h-11" onClick={onMarkAllRead}>
              <CheckCheck aria-hidden="true" /> {t("notifications.filters.markAllRead")}
            </Button>
          ) : null}
          {total > 0 ? (
            <Button variant="destructive" className="h-11" onClick={onClearAll}>
              <Trash2 aria-hidden="true" /> {t("notifications.filters.clearAll")}
            </Button>
          ) : null}
        </div>
      </div>
      <div
        id={`${id}-panel`}
        hidden={!panelOpen}
        className="mt-4 grid gap-4 border-t border-border pt-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        {selects.map(({ key, values }) => (
          <SelectField
            key={key}
            label={t(`notifications.filters.${key}`)}
            value={filters[key]}
            onChange={(event) => set({ [key]: event.target.value })}
          >
            {values.map((value) => (
              <option key={value} value={value}>
                {optionLabel(t, key, value)}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <div className="mt-4 flex min-h-11 flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t("notifications.filters.showing", { shown, total })}
        </p>
        {hasActiveFilters(filters) ? (
          <Button variant="ghost" className="h-11" onClick={() => onFiltersChange(defaultFilters)}>
            <X aria-hidden="true" /> {t("notifications.filters.clear")}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
