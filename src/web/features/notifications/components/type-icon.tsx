import { CircleCheck, CircleX, Info, Siren, TriangleAlert } from "lucide-react";
import { isEmergency, type Notification } from "#domain/notifications";
import { cn } from "#web/lib/utils";

const icons = {
  info: { Icon: Info, colour: "text-[#1d4ed8]" },
  success: { Icon: CircleCheck, colour: "text-[#15803d]" },
  warning: { Icon: TriangleAlert, colour: "text-[#b45309]" },
  error: { Icon: CircleX, colour: "text-destructive" },
  emergency: { Icon: Siren, colour: "text-destructive" },
} as const;

/** The type's icon; an emergency (urgent, or in the emergency category) shows a siren. */
export function TypeIcon({
  notification,
  className,
}: {
  notification: Notification;
  className?: string;
}) {
  const { Icon, colour } = icons[isEmergency(notification) ? "emergency" : notification.type];
  return <Icon aria-hidden="true" className={cn("size-5 shrink-0", colour, className)} />;
}
