import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { History, Settings } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Notification, newestFirst } from "#domain/notifications";
import { useI18n } from "#web/i18n/i18n-provider";
import { type Activation, useKeyboardOpenFocus } from "#web/lib/lazy-module";
import { cn } from "#web/lib/utils";
import { notificationWhen } from "../notification-dates";
import { notificationStore } from "../notification-store";
import { TypeIcon } from "./type-icon";

/** How many of the newest notifications the header's menu lists. */
const LATEST = 5;

const itemClass =
  "flex cursor-pointer gap-3 rounded px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-muted";

/**
 * The bell's menu, loaded on first use (notification-bell.tsx): the bell itself (`children`,
 * `label`, `className` from there), the newest notifications and the ways onward. It mounts
 * open when the bell's stand-in was pressed (`activation`).
 */
export function NotificationMenu({
  items,
  label,
  className,
  activation,
  children,
}: {
  items: Notification[] | null;
  label: string;
  className: string;
  activation: Activation;
  children: ReactNode;
}) {
  const { t, path } = useI18n();
  const onFocus = useKeyboardOpenFocus(activation);
  return (
    <DropdownMenu.Root
      defaultOpen={activation.open}
      // A menu, not a dialog: the page around it stays as it is (a click outside closes it and
      // does what it does), and opening it restyles nothing else.
      modal={false}
    >
      <DropdownMenu.Trigger aria-label={label} className={className}>
        {children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          onFocus={onFocus}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-md border border-border bg-background p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm font-bold">
            {t("notify.menu.title")}
          </DropdownMenu.Label>
          {items && items.length > 0 ? (
            newestFirst(items)
              .slice(0, LATEST)
              .map((n) => <LatestItem key={n.id} notification={n} />)
          ) : (
            <p className="px-3 py-2 text-sm text-muted-foreground">{t("notify.empty")}</p>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={cn(itemClass, "items-center font-semibold")}>
            <Link to={path("/notifications")}>
              <History aria-hidden="true" className="size-4" /> {t("notify.menu.viewAll")}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={cn(itemClass, "items-center font-semibold")}>
            <Link to={path("/settings/notifications")}>
              <Settings aria-hidden="true" className="size-4" /> {t("notify.menu.settings")}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** One of the latest: choosing it marks it read and, when it has one, follows its link. */
function LatestItem({ notification: n }: { notification: Notification }) {
  const words = useI18n();
  const content = (
    <>
      <TypeIcon notification={n} className="mt-0.5" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn("flex items-center gap-2", n.read ? "font-medium" : "font-bold")}>
          {n.read ? null : (
            <>
              <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
              <span className="sr-only">{`${words.t("notify.unread")} `}</span>
            </>
          )}
          <span className="truncate">{n.title}</span>
        </span>
        <span className="line-clamp-2 text-muted-foreground">{n.message}</span>
        <span className="text-xs text-muted-foreground">
          {notificationWhen(new Date(n.timestamp), new Date(), words)}
        </span>
      </span>
    </>
  );
  if (n.actionUrl)
    return (
      <DropdownMenu.Item
        asChild
        className={itemClass}
        onSelect={() => notificationStore.markRead(n.id)}
      >
        <Link to={words.path(n.actionUrl)}>{content}</Link>
      </DropdownMenu.Item>
    );
  return (
    <DropdownMenu.Item
      className={itemClass}
      // Nothing to follow: the menu stays open, so the visitor sees it turn read.
      onSelect={(event) => {
        event.preventDefault();
        notificationStore.markRead(n.id);
      }}
    >
      {content}
    </DropdownMenu.Item>
  );
}
