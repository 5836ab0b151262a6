import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/utils";
import { buttonVariants } from "../ui/button";

type Action = { label: string; to: string };

/** A full page for when there is nothing else to show: a big title, a sentence, ways out. */
export function ErrorScreen({
  title,
  message,
  actions = [{ label: "Go to Homepage", to: "/" }],
  children,
}: {
  title: string;
  message: string;
  actions?: Action[];
  children?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-muted px-4 py-16 text-center">
      <h1 className="text-6xl font-extrabold tracking-tight text-primary sm:text-8xl">{title}</h1>
      <p className="mt-4 max-w-md text-lg text-muted-foreground">{message}</p>
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions.map((action, index) => (
          <Link
            key={action.to}
            to={action.to}
            className={cn(buttonVariants({ variant: index === 0 ? "default" : "outline" }))}
          >
            {action.label}
          </Link>
        ))}
      </div>
    </main>
  );
}
