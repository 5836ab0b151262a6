import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useEffect } from "react";
import { officeAddressLine, site } from "#domain/site";
import { ContactForm } from "../features/inquiries/components/contact-form";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { metaI18n } from "../i18n/meta";
import { rootData, seo } from "../lib/seo";
import type { Route } from "./+types/contact";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["contact"]);
}

export const meta: Route.MetaFunction = (args) => {
  const { t, locale } = metaI18n(args);
  return seo({
    title: t("contact.meta.title"),
    description: t("contact.meta.description", {
      phone: site.phone,
      email: site.email,
      address: officeAddressLine,
    }),
    path: "/contact",
    locale,
    publicUrl: rootData(args.matches).publicUrl,
  });
};

/**
 * The office hours' rows (`contact.hours.<row>.days` and `.hours`), in the order of
 * `site.officeHours`, whose English the English catalogue repeats (a test checks it).
 */
const officeHourRows = ["weekdays", "saturday", "sunday"] as const;

export default function Contact() {
  const { t } = useI18n();
  // The contact page always starts at the top, wherever the visitor came from.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <>
      <section className="bg-gradient-to-br from-primary to-[#0f2e1e] text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {t("contact.hero.title")}
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-white/90">{t("contact.hero.text")}</p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:px-8">
        <section aria-labelledby="office-heading" className="space-y-6">
          <h2 id="office-heading" className="text-2xl font-bold">
            {t("contact.office.title")}
          </h2>
          <ul className="space-y-4">
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <span>
                <span className="block font-semibold">{t("contact.office.address")}</span>
                {officeAddressLine}
              </span>
            </li>
            <li className="flex gap-3">
              <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <span>
                <span className="block font-semibold">{t("contact.office.phone")}</span>
                <a href={site.phoneHref} className="text-primary hover:underline">
                  {site.phone}
                </a>
              </span>
            </li>
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <span>
                <span className="block font-semibold">{t("contact.office.email")}</span>
                <a href={`mailto:${site.email}`} className="break-all text-primary hover:underline">
                  {site.email}
                </a>
              </span>
            </li>
          </ul>
          <div className="rounded-lg bg-muted p-5">
            <h3 className="flex items-center gap-2 font-semibold">
              <Clock aria-hidden="true" className="size-5 text-primary" />{" "}
              {t("contact.hours.title")}
            </h3>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {officeHourRows.map((row) => (
                <div key={row} className="contents">
                  <dt className="font-medium">{t(`contact.hours.${row}.days`)}</dt>
                  <dd className="text-muted-foreground">{t(`contact.hours.${row}.hours`)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
        <section
          aria-labelledby="message-heading"
          className="rounded-lg border border-border p-6 shadow-sm"
        >
          <h2 id="message-heading" className="mb-6 text-2xl font-bold">
            {t("contact.form.title")}
          </h2>
          <ContactForm />
        </section>
      </div>
    </>
  );
}
