import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";
import { buttonVariants } from "../ui/button";

type Action = { label: string; to: string };

/** A full page for when there is nothing else to show: a big title, a sentence, ways out. */
export function ErrorScreen({
  title,
  message,
  actions,
  children,
  inPage = false,
}: {
  title: string;
  message: string;
  actions?: Action[];
  children?: ReactNode;
  /** Inside a page's layout (which has its own <main>) rather than a whole screen of its own. */
  inPage?: boolean;
}) {
  const { t, path } = useI18n();
  const ways = actions ?? [{ label: t("common.error.home"), to: "/" }];
  const Root = inPage ? "div" : "main";
  return (
    <Root
      className={cn(
        "flex flex-col items-center justify-center px-4 py-16 text-center",
        inPage ? "min-h-[60vh]" : "min-h-dvh bg-muted",
      )}
    >
      <h1
        className={cn(
          "font-extrabold tracking-tight text-primary",
          inPage ? "text-3xl sm:text-4xl" : "text-6xl sm:text-8xl",
        )}
      >
        {title}
      </h1>
      <p className="mt-4 max-w-md text-lg text-muted-foreground">{message}</p>
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {ways.map((action, index) => (
          <Link
            key={action.to}
            to={path(action.to)}
            className={cn(buttonVariants({ variant: index === 0 ? "default" : "outline" }))}
          >
            {action.label}
          </Link>
        ))}
      </div>
    </Root>
  );
}
