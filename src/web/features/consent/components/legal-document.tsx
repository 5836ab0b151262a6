import type { ReactNode } from "react";
import { LEGAL_LAST_UPDATED_ON } from "#domain/consent";
import { OFFICE_TIME_ZONE } from "#domain/locale";
import { officeAddressLine, site } from "#domain/site";
import { useI18n } from "#web/i18n/i18n-provider";
import { Rich } from "#web/i18n/rich";

export type LegalSection = { id: string; title: string; body: ReactNode };

/**
 * The date of the legal texts in a language ("November 22, 2026", "22 de noviembre de 2026"): a
 * calendar day, read at noon UTC so that it is the same day in the office's time zone.
 */
export function legalLastUpdated(intl: string): string {
  return new Intl.DateTimeFormat(intl, { dateStyle: "long", timeZone: OFFICE_TIME_ZONE }).format(
    new Date(`${LEGAL_LAST_UPDATED_ON}T12:00:00Z`),
  );
}

/**
 * The frame of the privacy policy and the terms of service: a heading band like the other public
 * pages, the date of the text, a table of contents on wide screens, and one titled section each.
 */
export function LegalDocument({
  title,
  summary,
  sections,
}: {
  title: string;
  summary: string;
  sections: readonly LegalSection[];
}) {
  const { t, intl } = useI18n();
  return (
    <>
      <section className="bg-gradient-to-br from-primary to-[#0f2e1e] text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-white/90">{summary}</p>
          <p className="mt-4 text-sm text-white/90">
            {t("consent.legal.lastUpdated", { date: legalLastUpdated(intl) })}
          </p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:px-8">
        {/* A phone reader scrolls, and screen readers jump by heading: the list helps wide screens. */}
        <nav
          aria-label={t("consent.legal.onThisPage")}
          className="hidden lg:sticky lg:top-24 lg:block lg:self-start"
        >
          <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            {t("consent.legal.onThisPage")}
          </p>
          <ol className="mt-3 space-y-1 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-11 items-center text-primary hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight">
                {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_h3]:mt-5 [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

/** How to reach the agency about either document: the facts of src/domain/site.ts. */
export function LegalContact() {
  return (
    <address className="not-italic">
      {site.name}
      <br />
      {officeAddressLine}
      <br />
      <Rich
        id="consent.legal.phone"
        values={{ phone: site.phone }}
        elements={{ link: <a href={site.phoneHref}>{site.phone}</a> }}
      />
      <br />
      <Rich
        id="consent.legal.email"
        values={{ email: site.email }}
        elements={{ link: <a href={`mailto:${site.email}`}>{site.email}</a> }}
      />
    </address>
  );
}
