import { useLocation, useNavigation } from "react-router";
import { messages } from "#domain/messages";

/** What the page being loaded is called while it loads (a unit page: 'Loading Unit Details...'). */
function loadingMessage(pathname: string): string {
  if (/^\/properties\/[^/]+$/.test(pathname)) return "Loading Unit Details...";
  if (/^\/buildings\/[^/]+$/.test(pathname)) return "Loading building details...";
  if (pathname === "/properties") return "Loading properties...";
  return messages.loading;
}

/**
 * While another page's data loads: a bar at the top and the page's loading words, so a visitor on
 * a slow connection sees that something is happening.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.location;
  if (navigation.state !== "loading" || !target || target.pathname === location.pathname)
    return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-0 z-50"
    >
      <div className="h-1 w-full overflow-hidden bg-secondary">
        <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] bg-primary" />
      </div>
      <p className="mx-auto mt-20 w-fit rounded-full bg-foreground px-4 py-2 text-sm font-semibold text-background shadow-lg">
        {loadingMessage(target.pathname)}
      </p>
    </div>
  );
}
