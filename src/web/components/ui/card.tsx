import type { ComponentProps } from "react";
import { cn } from "#web/lib/utils";

/** A white panel with a border: dashboard cards, list rows, forms. */
export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("rounded-lg border border-border bg-background shadow-sm", className)}
      {...props}
    />
  );
}
