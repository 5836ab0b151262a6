import { ArrowRight, Trash2 } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { Notification } from "#domain/notifications";
import { Badge, type BadgeProps } from "#web/components/ui/badge";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";
import { formatNotificationTime } from "../notification-dates";
import { TypeIcon } from "./type-icon";

const typeBadge: Record<Notification["type"], BadgeProps["variant"]> = {
  info: "secondary",
  success: "success",
  warning: "featured",
  error: "destructive",
};

/**
 * One notification. The item itself is a link when it has an action link, a button when it is
 * unread (choosing it marks it read), and plain content otherwise. Delete is a sibling button,
 * so it never triggers the item.
 */
export function NotificationItem({
  notification: n,
  onOpen,
  onDelete,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
  onDelete: (n: Notification) => void;
}) {
  const { t, path, intl } = useI18n();
  const id = useId();
  const body = (
    <>
      <TypeIcon notification={n} className="mt-0.5" />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex items-center gap-2">
          {n.read ? null : (
            <>
              <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
              <span id={`${id}-unread`} className="sr-only">
                {t("notify.unread")}
              </span>
            </>
          )}
          <span
            id={`${id}-title`}
            className={cn("break-words", n.read ? "font-medium" : "font-bold")}
          >
            {n.title}
          </span>
        </span>
        <span id={`${id}-message`} className="break-words text-sm text-muted-foreground">
          {n.message}
        </span>
        <span className="flex flex-wrap items-center gap-2 text-xs">
          <Badge variant={typeBadge[n.type]}>{t(`notifications.type.${n.type}`)}</Badge>
          <Badge variant="outline">{t(`notifications.category.${n.category}`)}</Badge>
          <time dateTime={n.timestamp} className="text-muted-foreground">
            {formatNotificationTime(new Date(n.timestamp), intl)}
          </time>
          {n.actionUrl ? (
            <span
              id={`${id}-action`}
              className="inline-flex items-center gap-1 font-semibold text-primary"
            >
              {n.actionLabel || t("notifications.item.viewDetails")}
              <ArrowRight aria-hidden="true" className="size-3" />
            </span>
          ) : null}
        </span>
      </span>
    </>
  );
  // Named by its title (and action), described by its message: a short name to hear in a list.
  const named = {
    "aria-labelledby": [!n.read && `${id}-unread`, `${id}-title`, n.actionUrl && `${id}-action`]
      .filter(Boolean)
      .join(" "),
    "aria-describedby": `${id}-message`,
  };
  const itemClass = cn(
    "flex min-w-0 flex-1 gap-3 rounded-md p-3 text-left",
    (n.actionUrl || !n.read) && "hover:bg-muted",
  );
  return (
    <li
      className={cn(
        "flex items-start gap-1 rounded-md border border-border",
        n.read ? "bg-background" : "bg-secondary/40",
      )}
    >
      {n.actionUrl ? (
        <Link to={path(n.actionUrl)} onClick={() => onOpen(n)} className={itemClass} {...named}>
          {body}
        </Link>
      ) : n.read ? (
        <div className={itemClass}>{body}</div>
      ) : (
        <button type="button" onClick={() => onOpen(n)} className={itemClass} {...named}>
          {body}
        </button>
      )}
      <button
        type="button"
        aria-label={t("notifications.item.delete", { title: n.title })}
        onClick={() => onDelete(n)}
        className="m-1 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-destructive"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
