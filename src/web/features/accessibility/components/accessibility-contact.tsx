import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { CONTACT_REPLY_HOURS } from "#domain/constants";
import { officeAddressLine, site } from "#domain/site";

/** Whom to tell about a barrier: the office's details, from the one place they live. */
export function AccessibilityContact() {
  return (
    <section aria-labelledby="a11y-contact-heading" className="rounded-lg bg-muted p-6 sm:p-8">
      <h2 id="a11y-contact-heading" className="text-2xl font-bold">
        Need Help or Have Feedback?
      </h2>
      <p className="mt-2 text-muted-foreground">
        {`Tell us about any barrier you meet on this site or in our buildings, or ask for a document in another format or a reasonable accommodation. We reply within ${CONTACT_REPLY_HOURS} hours.`}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        <li className="flex gap-3">
          <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span>
            <span className="block font-semibold">Phone</span>
            <a href={site.phoneHref} className="text-primary underline-offset-4 hover:underline">
              {site.phone}
            </a>
          </span>
        </li>
        <li className="flex gap-3">
          <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span className="min-w-0">
            <span className="block font-semibold">Email</span>
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
            <span className="block font-semibold">Office</span>
            {officeAddressLine}
          </span>
        </li>
        <li className="flex gap-3">
          <Clock aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span>
            <span className="block font-semibold">Office Hours</span>
            {site.officeHours.map(({ days, hours }) => (
              <span key={days} className="block text-sm">{`${days}: ${hours}`}</span>
            ))}
          </span>
        </li>
      </ul>
      <p className="mt-6">
        <Link to="/contact" className="font-semibold text-primary underline underline-offset-4">
          Send us a message
        </Link>
      </p>
    </section>
  );
}
