import { ExternalLink, Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { site } from "#domain/site";
import { buttonVariants } from "#web/components/ui/button";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";

/** Phone, e-mail and the external application: static, the same on every detail page. */
export function ContactActions({ children }: { children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="grid grid-cols-1 gap-3">
      {children}
      <a
        href={site.applyUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(buttonVariants({ size: "lg" }), "w-full")}
      >
        {t("listings.contact.apply")}
        <ExternalLink aria-hidden="true" />
        <span className="sr-only">{t("listings.contact.newTab")}</span>
      </a>
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

export function InterestedPanel({ title, children }: { title: string; children?: ReactNode }) {
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
      <ContactActions>{children}</ContactActions>
    </aside>
  );
}
