import { ExternalLink, Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { site } from "#domain/site";
import { buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import type { RootData } from "#web/lib/seo";
import { cn } from "#web/lib/utils";

/**
 * Apply Now. By default the agency's external application page, in a new tab (the icon and the
 * screen reader's words say so). With APPLY_NOW=online the site's own application instead, in
 * the same tab: `online` is where (a unit's Apply Now page; a building's list of units; the list
 * of homes, where a renter chooses one).
 */
export function ApplyNowLink({
  online,
  className,
  children,
  newTab,
}: {
  online: string;
  className: string;
  children: ReactNode;
  /** The screen reader's "(opens in a new tab)", for the external page. */
  newTab: string;
}) {
  const { path } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  if (root?.applyOnline) {
    return online.startsWith("#") ? (
      <a href={online} className={className}>
        {children}
      </a>
    ) : (
      <Link to={path(online)} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={site.applyUrl} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <ExternalLink aria-hidden="true" />
      <span className="sr-only">{newTab}</span>
    </a>
  );
}

/**
 * Phone, e-mail and Apply Now, the same on every detail page; `apply` is where Apply Now goes
 * with the site's own application (see ApplyNowLink).
 */
export function ContactActions({ apply, children }: { apply: string; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="grid grid-cols-1 gap-3">
      {children}
      <ApplyNowLink
        online={apply}
        newTab={t("listings.contact.newTab")}
        className={cn(buttonVariants({ size: "lg" }), "w-full")}
      >
        {t("listings.contact.apply")}
      </ApplyNowLink>
      <a
        href={site.phoneHref}
        className={cn(buttonVariants({ variant: "outline", size: "lg" }), "w-full text-primary")}
      >
        <Phone aria-hidden="true" />
        {site.phone}
      </a>
      {/* The whole address on a phone: it may break after the @, never hide behind "...". */}
      <a
        href={`mailto:${site.email}`}
        className={cn(
          buttonVariants({ variant: "outline", size: "lg" }),
          "h-auto min-h-12 w-full whitespace-normal px-3 py-2 text-primary",
        )}
      >
        <Mail aria-hidden="true" />
        <span className="min-w-0 text-center">
          {site.email.split("@")[0]}@<wbr />
          {site.email.split("@")[1]}
        </span>
      </a>
    </div>
  );
}

export function InterestedPanel({
  title,
  apply,
  children,
}: {
  title: string;
  apply: string;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <aside
      aria-labelledby="interested-heading"
      className="rounded-lg border border-border bg-background p-6 shadow-sm"
    >
      <h2 id="interested-heading" className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">{t("listings.contact.intro")}</p>
      <ContactActions apply={apply}>{children}</ContactActions>
    </aside>
  );
}
