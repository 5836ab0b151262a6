import { NotificationPreferences } from "../features/notifications/components/notification-preferences";
import { StandalonePage } from "../features/notifications/components/standalone-page";
import { privatePageMeta } from "../lib/meta";

/** Personal to this browser: kept out of search results. */
export const meta = () => privatePageMeta("Notification Preferences");

/** /settings/notifications, outside the shared layout (no site header or footer). */
export default function NotificationSettingsRoute() {
  return (
    <StandalonePage back={{ to: "/notifications", label: "Notification History" }}>
      <NotificationPreferences />
    </StandalonePage>
  );
}
