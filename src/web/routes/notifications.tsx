import { NotificationHistory } from "../features/notifications/components/notification-history";
import { StandalonePage } from "../features/notifications/components/standalone-page";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { metaI18n } from "../i18n/meta";
import { privatePageMeta } from "../lib/meta";
import type { Route } from "./+types/notifications";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["notifications"]);
}

/** Personal to this browser: kept out of search results. */
export const meta: Route.MetaFunction = (args) =>
  privatePageMeta(metaI18n(args).t("notifications.meta.history"));

/** /notifications (and /es/notifications), outside the shared layout (no site header or footer). */
export default function NotificationsRoute() {
  const { t, path } = useI18n();
  return (
    <StandalonePage back={{ to: path("/"), label: t("common.backHome") }}>
      <NotificationHistory />
    </StandalonePage>
  );
}
