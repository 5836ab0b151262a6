import { Bell } from "lucide-react";
import { Link } from "react-router";
import { unreadCount } from "#domain/notifications";
import { buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";
import { useNotifications } from "../notification-store";
import { badgeText, bellLabel } from "./notification-bell";

/** The notification centre in the mobile menu: a link to the history with the unread count. */
export function MobileNotificationsLink() {
  const { t, path } = useI18n();
  const items = useNotifications();
  const unread = items ? unreadCount(items) : 0;
  return (
    <Link
      to={path("/notifications")}
      aria-label={bellLabel(t, unread)}
      className={cn(buttonVariants({ variant: "outline", size: "lg" }), "w-full")}
    >
      <Bell aria-hidden="true" />
      {t("notify.bell.name")}
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="flex h-6 min-w-6 items-center justify-center rounded-full bg-destructive px-1.5 text-xs font-bold text-destructive-foreground"
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </Link>
  );
}
