import { ChevronRight, ChevronsLeft } from "lucide-react";
import { pagingMessages } from "#domain/messages";
import { Button } from "#web/components/ui/button";

/**
 * The way through a paged list: to the next page (when the answer named one) and back to the
 * first (when this is not it). Nothing shows when the whole list fits on one page.
 */
export function Pager({
  nextCursor,
  onFirstPage,
  onNextPage,
  isFirstPage,
  label,
}: {
  nextCursor: string | null | undefined;
  onFirstPage: () => void;
  onNextPage: (cursor: string) => void;
  isFirstPage: boolean;
  /** What the list holds, for the navigation's name ("Inquiries pages"). */
  label: string;
}) {
  if (!nextCursor && isFirstPage) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-end gap-2">
      {isFirstPage ? null : (
        <Button type="button" variant="outline" size="sm" onClick={onFirstPage}>
          <ChevronsLeft aria-hidden="true" className="size-4" />
          {pagingMessages.first}
        </Button>
      )}
      {nextCursor ? (
        <Button type="button" variant="outline" size="sm" onClick={() => onNextPage(nextCursor)}>
          {pagingMessages.next}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      ) : null}
    </nav>
  );
}
