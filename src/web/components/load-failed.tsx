import { type LucideIcon, RefreshCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button } from "#web/components/ui/button";
import { failureDetail } from "#web/lib/api-client";

/** What Try Again needs of a failed read: a TanStack query's result, or a hook's own retry. */
export type Retryable = {
  error?: unknown;
  /** True while it asks again (or while asking again would do nothing): the button waits. */
  isFetching: boolean;
  refetch: () => unknown;
};

type Props = {
  /** What could not load ("Failed to load staff"). */
  title: string;
  query: Retryable;
  /** Why, in the page's words; by default the server's words or the client's own (English). */
  message?: string;
  /** The button's words, in the page's language. */
  retryLabel?: string;
  /**
   * "panel" (the default) stands where the data would be; "banner" is a line above data still
   * shown from before (a refetch that failed), or beside the rest of a page that did load.
   */
  variant?: "panel" | "banner";
  /** The panel's heading level in the page's outline (see StatePanel). */
  headingLevel?: 2 | 3 | 4;
  icon?: LucideIcon;
  /** More to say in the panel, before the button. */
  children?: ReactNode;
  /** Other ways on, after the button (the office's phone and e-mail). */
  otherActions?: ReactNode;
};

/**
 * A read that failed: what failed, why, and Try Again (disabled while it tries). The one
 * failed-load state of the back office, the tenant portal and the account pages.
 */
export function LoadFailed({
  title,
  query,
  message = failureDetail(query.error),
  retryLabel = "Try Again",
  variant = "panel",
  headingLevel,
  icon = TriangleAlert,
  children,
  otherActions,
}: Props) {
  const retry = (
    <Button
      variant={variant === "banner" ? "outline" : "default"}
      size={variant === "banner" ? "sm" : "default"}
      className="h-11"
      disabled={query.isFetching}
      onClick={() => void query.refetch()}
    >
      <RefreshCw aria-hidden="true" /> {retryLabel}
    </Button>
  );
  if (variant === "banner") {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
      >
        <span>{message ? `${title} ${message}` : title}</span>
        {retry}
      </div>
    );
  }
  return (
    <StatePanel
      icon={icon}
      tone="error"
      headingLevel={headingLevel}
      title={title}
      message={message}
    >
      {children}
      {retry}
      {otherActions}
    </StatePanel>
  );
}
