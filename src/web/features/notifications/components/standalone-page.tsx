import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LanguageSwitch } from "#web/components/layout/language-switch";
import { Logo } from "#web/components/layout/logo";

/**
 * The frame of the notification pages, which sit outside the shared layout: the logo home, a way
 * back and the same page in the other language, then the page.
 */
export function StandalonePage({
  back,
  children,
}: {
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-muted">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex min-h-16 max-w-5xl flex-wrap items-center justify-between gap-x-4 px-4 py-2 sm:px-6">
          <Logo />
          <div className="flex flex-wrap items-center justify-end gap-x-2">
            <Link
              to={back.to}
              className="inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-semibold text-primary hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {back.label}
            </Link>
            <LanguageSwitch />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}

/** The page's title and subtitle, with its buttons beside them (below them on a phone). */
export function PageHeading({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle: string;
  actions: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        <p className="mt-1 text-muted-foreground">{subtitle}</p>
      </div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  );
}
