import { X } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { DATA_RETENTION_YEARS } from "#domain/consent";
import { Button, buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";
import {
  acceptConsent,
  closeConsentBanner,
  declineConsent,
  useConsentStatus,
} from "../consent-store";

/**
 * The privacy banner of every page, shown until the visitor answers. Mounted once, after the page's
 * content. It renders nothing on the server and during hydration, so a visitor who already answered
 * never sees it flash; for the others it appears once the page is interactive.
 *
 * It is sticky to the bottom of the viewport rather than fixed: while it shows it sits over the
 * bottom of the screen, and at the end of the page it takes its own place after the footer, so
 * nothing is ever out of reach on a phone. Appearing after the content, it moves nothing above it
 * (no layout shift). It is a labelled region, not a modal: it never traps focus.
 */
export function ConsentBanner() {
  const status = useConsentStatus();
  const headingId = useId();
  const { t, path } = useI18n();
  if (status !== "unset") return null;

  return (
    <section
      aria-labelledby={headingId}
      className="sticky bottom-0 z-40 border-t border-border bg-background text-foreground shadow-[0_-4px_16px_rgb(0_0_0/0.12)] motion-safe:animate-fade-in"
    >
      <div className="mx-auto flex max-h-[50dvh] max-w-7xl flex-col gap-3 overflow-y-auto px-4 py-4 sm:px-6 md:flex-row md:items-center md:gap-6 lg:px-8">
        <div className="pr-12 md:flex-1 md:pr-0">
          <h2 id={headingId} className="text-base font-semibold">
            {t("consent.banner.heading")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {t("consent.banner.body", { years: DATA_RETENTION_YEARS })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 md:pr-12">
          <Button className="h-11 flex-1 sm:flex-none" onClick={() => acceptConsent()}>
            {t("consent.banner.accept")}
          </Button>
          <Link
            to={path("/privacy")}
            className={cn(buttonVariants({ variant: "outline" }), "h-11 flex-1 sm:flex-none")}
          >
            {t("consent.banner.details")}
          </Link>
          <Button
            variant="outline"
            className="h-11 flex-1 sm:flex-none"
            onClick={() => declineConsent()}
          >
            {t("consent.banner.decline")}
          </Button>
        </div>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="absolute right-2 top-2 md:top-1/2 md:-translate-y-1/2"
        aria-label={t("consent.banner.close")}
        onClick={() => closeConsentBanner()}
      >
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
