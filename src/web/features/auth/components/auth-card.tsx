import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "#web/components/layout/logo";
import { useI18n } from "#web/i18n/i18n-provider";

/**
 * The frame of the sign-in pages (outside the shared layout): the logo, a card, a way home, in
 * the page's language (the tenant portal's sign-in page has a Spanish one).
 */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t, path } = useI18n();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-muted px-4 py-12">
      <div className="mb-6">
        <Logo />
      </div>
      <div className="w-full max-w-md rounded-lg border border-border bg-background p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      <Link to={path("/")} className="mt-6 text-sm font-semibold text-primary hover:underline">
        {t("common.backHome")}
      </Link>
    </main>
  );
}

export function Banner({
  tone,
  title,
  children,
}: {
  tone: "success" | "error";
  title?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "mb-4 rounded-md border border-destructive/40 bg-[#fef2f2] p-3 text-sm text-destructive"
          : "mb-4 rounded-md border border-[#86efac] bg-[#f0fdf4] p-3 text-sm text-[#14532d]"
      }
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      <p>{children}</p>
    </div>
  );
}
