import { Bell } from "lucide-react";
import type { Translator } from "#domain/i18n/translator";
import { unreadCount } from "#domain/notifications";
import { useI18n } from "#web/i18n/i18n-provider";
import { lazyModule, menuStandInProps, useLazyModule } from "#web/lib/lazy-module";
import { useNotifications } from "../notification-store";

/** 'Notifications, 3 unread': the bell's name, so the count is heard, not only seen. */
export function bellLabel(t: Translator["t"], unread: number) {
  return unread > 0 ? t("notify.bell.nameUnread", { count: unread }) : t("notify.bell.name");
}

/** The unread count as the badge shows it. */
export const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));

const bellClass =
  "relative hidden size-11 items-center justify-center rounded-md hover:bg-muted md:inline-flex";

/** The menu (Radix) is fetched on the first approach to the bell: most visitors never open it. */
const menuModule = lazyModule(() => import("./notification-menu"));

/**
 * The header's bell (desktop): the unread count, and a menu with the newest notifications and
 * the ways to the history and the settings. The count appears once the browser's copy is read.
 * Until first pressed it is a plain button that looks, reads and opens the same way.
 */
export function NotificationBell() {
  const { t } = useI18n();
  const items = useNotifications();
  const unread = items ? unreadCount(items) : 0;
  const { loaded, activation, preload, activate } = useLazyModule(menuModule);
  const face = (
    <>
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-bold text-destructive-foreground"
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </>
  );
  if (loaded) {
    const { NotificationMenu } = loaded;
    return (
      <NotificationMenu
        items={items}
        label={bellLabel(t, unread)}
        className={bellClass}
        activation={activation}
      >
        {face}
      </NotificationMenu>
    );
  }
  return (
    <button
      {...menuStandInProps({ preload, activate })}
      aria-label={bellLabel(t, unread)}
      className={bellClass}
    >
      {face}
    </button>
  );
}
