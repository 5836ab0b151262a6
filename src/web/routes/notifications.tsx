import { NotificationHistory } from "../features/notifications/components/notification-history";
import { StandalonePage } from "../features/notifications/components/standalone-page";
import { privatePageMeta } from "../lib/meta";

/** Personal to this browser: kept out of search results. */
export const meta = () => privatePageMeta("Notification History");

/** /notifications, outside the shared layout (no site header or footer). */
export default function NotificationsRoute() {
  return (
    <StandalonePage back={{ to: "/", label: "Back to Home" }}>
      <NotificationHistory />
    </StandalonePage>
  );
}
