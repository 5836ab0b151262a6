import { Building2, Check, Mail, Phone, RotateCcw } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { AdminInquiry } from "#domain/admin-inquiries";
import { Badge } from "#web/components/ui/badge";
import { Button, buttonVariants } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { formatDateTime } from "#web/lib/format-date-time";
import { cn } from "#web/lib/utils";

/** Past this, a message is clamped behind 'Show more' (jsdom cannot measure, so count). */
const LONG_MESSAGE_CHARS = 400;
const LONG_MESSAGE_LINES = 6;

function isLong(message: string) {
  return message.length > LONG_MESSAGE_CHARS || message.split("\n").length > LONG_MESSAGE_LINES;
}

function replyHref(inquiry: AdminInquiry) {
  const subject = `Re: ${inquiry.subject || "Your inquiry"}`;
  return `mailto:${inquiry.email}?subject=${encodeURIComponent(subject)}`;
}

function Message({ text, muted }: { text: string; muted: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = isLong(text);
  return (
    <div>
      <p
        id={id}
        className={cn(
          "whitespace-pre-wrap break-words",
          muted && "text-muted-foreground",
          long && !expanded && "line-clamp-6",
        )}
      >
        {text}
      </p>
      {long ? (
        <Button
          variant="link"
          className="min-h-11 px-0"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? "Show less" : "Show more"}
        </Button>
      ) : null}
    </div>
  );
}

function Concerns({ inquiry }: { inquiry: AdminInquiry }) {
  const { property, unit } = inquiry;
  if (!property && !unit) return null;
  const link = "inline-flex min-h-11 items-center font-medium underline underline-offset-4";
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm">
      <Building2 aria-hidden="true" className="size-4 text-muted-foreground" />
      <span className="text-muted-foreground">About</span>
      {property ? (
        <Link to={`/buildings/${property.id}`} className={link}>
          {property.title}
        </Link>
      ) : null}
      {unit ? (
        <Link to={`/properties/${unit.id}`} className={link}>
          {`Unit ${unit.unitNumber}`}
        </Link>
      ) : null}
    </p>
  );
}

/** One inquiry: who wrote, about what, the message, how to answer, and whether it is handled. */
export function InquiryItem({
  inquiry,
  saving,
  onSetHandled,
}: {
  inquiry: AdminInquiry;
  saving: boolean;
  onSetHandled: (inquiry: AdminInquiry, handled: boolean) => void;
}) {
  const titleId = useId();
  const handled = inquiry.handledAt !== null;
  return (
    <Card className={cn("p-4 sm:p-5", handled && "border-dashed bg-transparent shadow-none")}>
      <article aria-labelledby={titleId} className="grid gap-3">
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h3 id={titleId} className="font-bold break-words">
              {inquiry.subject || "(No subject)"}
            </h3>
            <p className="text-sm break-words">
              {`From ${inquiry.name}`}
              <span className="text-muted-foreground">
                {" · "}
                <time dateTime={inquiry.createdAt}>{formatDateTime(inquiry.createdAt)}</time>
              </span>
            </p>
          </div>
          {handled ? (
            <Badge variant="success">
              <Check aria-hidden="true" className="size-3" />
              {`Handled on ${formatDateTime(inquiry.handledAt)}`}
            </Badge>
          ) : (
            <Badge variant="featured">New</Badge>
          )}
        </header>
        <Concerns inquiry={inquiry} />
        <Message text={inquiry.message} muted={handled} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <a
            href={replyHref(inquiry)}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "min-h-11")}
          >
            <Mail aria-hidden="true" />
            Reply by email<span className="sr-only">{` to ${inquiry.name}`}</span>
          </a>
          <span className="min-w-0 text-sm break-all text-muted-foreground">{inquiry.email}</span>
          {inquiry.phone ? (
            <a
              href={`tel:${inquiry.phone.replace(/[^\d+]/g, "")}`}
              className="inline-flex min-h-11 items-center gap-1 text-sm font-medium underline underline-offset-4"
            >
              <Phone aria-hidden="true" className="size-4" />
              {inquiry.phone}
            </a>
          ) : null}
          <Button
            variant={handled ? "outline" : "default"}
            size="sm"
            className="min-h-11 aria-disabled:cursor-wait aria-disabled:opacity-50 sm:ml-auto"
            // aria-disabled, not disabled: a disabled button drops the keyboard focus.
            aria-disabled={saving || undefined}
            onClick={() => {
              if (!saving) onSetHandled(inquiry, !handled);
            }}
          >
            {handled ? <RotateCcw aria-hidden="true" /> : <Check aria-hidden="true" />}
            {handled ? "Mark as not handled" : "Mark as handled"}
          </Button>
        </div>
      </article>
    </Card>
  );
}
