import type { ComponentProps } from "react";
import { cn } from "#web/lib/utils";

/** A grey placeholder block shown while data loads; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-black/10 motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
