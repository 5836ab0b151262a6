import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** An empty, error or not-found state inside a page: an icon, a heading, a sentence, actions. */
export function StatePanel({
  icon: Icon,
  title,
  message,
  children,
  tone = "neutral",
  headingLevel = 2,
}: {
  icon: LucideIcon;
  title: string;
  message: string;
  children?: ReactNode;
  tone?: "neutral" | "error";
  /**
   * The level that fits the page's outline (2 on a page, 4 inside a tab's section; 1 when the
   * state is the whole page, as for a link that no longer works).
   */
  headingLevel?: 1 | 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className="mx-auto flex max-w-xl flex-col items-center rounded-lg border border-dashed border-border px-6 py-12 text-center"
    >
      <Icon
        aria-hidden="true"
        className={tone === "error" ? "size-10 text-destructive" : "size-10 text-muted-foreground"}
      />
      <Heading className="mt-4 text-xl font-bold">{title}</Heading>
      <p className="mt-2 text-muted-foreground">{message}</p>
      {children ? <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}
