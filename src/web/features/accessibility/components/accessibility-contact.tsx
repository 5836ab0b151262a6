import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { CONTACT_REPLY_HOURS } from "#domain/constants";
import { officeAddressLine, site } from "#domain/site";
import { useI18n } from "#web/i18n/i18n-provider";

/**
 * The rows of `site.officeHours`, in order: each row's words are the catalogue's
 * `accessibility.contact.hours.<id>` (a test checks the English ones against the site's hours).
 */
export const officeHoursIds = ["weekdays", "saturday", "sunday"] as const;

/** Whom to tell about a barrier: the office's details, from the one place they live. */
export function AccessibilityContact() {
  const { t, path } = useI18n();
  return (
    <section aria-labelledby="a11y-contact-heading" className="rounded-lg bg-muted p-6 sm:p-8">
      <h2 id="a11y-contact-heading" className="text-2xl font-bold">
        {t("accessibility.contact.heading")}
      </h2>
      <p className="mt-2 text-muted-foreground">
        {t("accessibility.contact.text", { hours: String(CONTACT_REPLY_HOURS) })}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        <li className="flex gap-3">
          <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span>
            <span className="block font-semibold">{t("accessibility.contact.phone")}</span>
            <a href={site.phoneHref} className="text-primary underline-offset-4 hover:underline">
              {site.phone}
            </a>
          </span>
        </li>
        <li className="flex gap-3">
          <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span className="min-w-0">
            <span className="block font-semibold">{t("accessibility.contact.email")}</span>
            <a
              href={`mailto:${site.email}`}
              className="break-all text-primary underline-offset-4 hover:underline"
            >
              {site.email}
            </a>
          </span>
        </li>
        <li className="flex gap-3">
          <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span>
            <span className="block font-semibold">{t("accessibility.contact.office")}</span>
            {officeAddressLine}
          </span>
        </li>
        <li className="flex gap-3">
          <Clock aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span>
            <span className="block font-semibold">{t("accessibility.contact.officeHours")}</span>
            {officeHoursIds.map((id) => (
              <span key={id} className="block text-sm">
                {t(`accessibility.contact.hours.${id}`)}
              </span>
            ))}
          </span>
        </li>
      </ul>
      <p className="mt-6">
        <Link
          to={path("/contact")}
          className="font-semibold text-primary underline underline-offset-4"
        >
          {t("accessibility.contact.send")}
        </Link>
      </p>
    </section>
  );
}
