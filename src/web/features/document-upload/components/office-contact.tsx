import { Mail, Phone } from "lucide-react";
import { site } from "#domain/site";

/** How to reach the office when the link cannot be used. */
export function OfficeContact() {
  return (
    <div className="mt-4 flex flex-col items-center gap-2 sm:flex-row sm:justify-center sm:gap-6">
      <a
        href={site.phoneHref}
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary hover:underline"
      >
        <Phone aria-hidden="true" className="size-4" />
        {site.phone}
      </a>
      <a
        href={`mailto:${site.email}`}
        className="inline-flex min-h-11 items-center gap-2 font-semibold break-all text-primary hover:underline"
      >
        <Mail aria-hidden="true" className="size-4" />
        {site.email}
      </a>
    </div>
  );
}
