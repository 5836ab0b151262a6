import { ChevronRight, ChevronsLeft, Plus } from "lucide-react";
import { Link } from "react-router";
import { BUILDINGS_PAGE, listPageQuery } from "#domain/listing-pages";
import type { BuildingFilters } from "#domain/listings";
import { Button, buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { useHydrated } from "#web/lib/browser-store";
import { cn } from "#web/lib/utils";

export type ShowMore = {
  /** Asks for the next buildings and adds them under the ones shown. */
  load(): void;
  state: "idle" | "loading" | "failed";
};

/**
 * The way through the public list of buildings, under the list: where the buildings shown are
 * in the list ("Buildings 19-36 of 108"), the next ones, and back to the first page. Without
 * scripts (and in the HTML, for crawlers) the next ones are a plain link to the next page,
 * which keeps the filters; once the page runs, "Show more buildings" adds them to the list in
 * place. Nothing shows when every building fits on one page.
 */
export function ListPages({
  filters,
  before,
  shown,
  total,
  nextCursor,
  showMore,
}: {
  filters: Omit<BuildingFilters, "limit">;
  /** How many buildings of the list come before the first one shown. */
  before: number;
  shown: number;
  total: number;
  nextCursor: string | null;
  showMore: ShowMore;
}) {
  const { t, path } = useI18n();
  const hydrated = useHydrated();
  // Every building on one page: nothing to say (after "Show more", the count stays).
  if (before === 0 && nextCursor === null && shown <= BUILDINGS_PAGE) return null;
  const to = (cursor: string | null) => {
    const query = listPageQuery(filters, cursor).toString();
    return `${path("/properties")}${query === "" ? "" : `?${query}`}`;
  };
  const loading = showMore.state === "loading";
  return (
    <nav
      aria-label={t("listings.properties.pagesLabel")}
      className="grid gap-3 border-t border-border pt-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {shown > 0
            ? t("listings.properties.range", { from: before + 1, to: before + shown, total })
            : null}
        </p>
        <div className="flex flex-wrap gap-3">
          {before > 0 ? (
            <Link to={to(null)} className={cn(buttonVariants({ variant: "outline" }))}>
              <ChevronsLeft aria-hidden="true" className="size-4" />
              {t("listings.properties.firstPage")}
            </Link>
          ) : null}
          {nextCursor && hydrated ? (
            <Button
              // Not `disabled`: a button disabled under the keyboard's focus drops it.
              aria-disabled={loading || undefined}
              onClick={() => {
                if (!loading) showMore.load();
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t(loading ? "listings.properties.loadingMore" : "listings.properties.showMore")}
            </Button>
          ) : nextCursor ? (
            <Link to={to(nextCursor)} className={cn(buttonVariants())}>
              {t("listings.properties.nextPage")}
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
        </div>
      </div>
      {showMore.state === "failed" ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t("listings.properties.moreFailed")}
        </p>
      ) : null}
    </nav>
  );
}
