import {
  ArrowLeft,
  Bath,
  BedDouble,
  Car,
  CheckCircle2,
  Home,
  MapPin,
  Ruler,
  Star,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatNumber, formatRent } from "#domain/i18n/intl-formats";
import { fullAddress } from "#domain/listing-format";
import type { Unit } from "#domain/listings";
import { Badge } from "#web/components/ui/badge";
import { useI18n } from "#web/i18n/i18n-provider";
import { Rich } from "#web/i18n/rich";
import {
  amenityText,
  availabilityText,
  bathroomsText,
  bedroomsText,
  confirmedText,
  localizePhotos,
  typeText,
  unitTitle,
} from "../../listing-text";
import { ContactActions } from "../interested-panel";
import { UnitGallery } from "../unit-gallery";
import { UnitFacts } from "./unit-facts";
import { unitDescription } from "./unit-seo";

function BackToUnits() {
  const { t, path } = useI18n();
  return (
    <Link
      to={path("/properties")}
      className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" /> {t("listings.unit.back")}
    </Link>
  );
}

function Feature({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3 rounded-md border border-border p-3">
      <span className="text-primary">{icon}</span>
      <span className="font-medium">{children}</span>
    </li>
  );
}

/**
 * A unit's page: its photos, what it is and costs, its features and the facts staff stated, its
 * description and amenities, and the way to its building; beside them, the ways to get in touch
 * (`contact`: the tour request, which belongs to the inquiries feature). The unit page's parts
 * sit in a folder of their own, below the two levels of the listings feature that vite.config.ts
 * puts in the chunk every public page loads: they load with the unit page only.
 */
export function UnitDetails({
  unit,
  confirmedOn,
  thisYear,
  contact,
}: {
  unit: Unit;
  /** The day availability was last confirmed, and this year, both in the agency's time zone. */
  confirmedOn: string;
  thisYear: string;
  contact: ReactNode;
}) {
  const i18n = useI18n();
  const { t, path, locale, intl } = i18n;
  const title = unitTitle(i18n, unit);
  const photos = localizePhotos(i18n, unit.photos, unit.title, title);
  const description = unitDescription(i18n, unit);
  const icon = "size-5";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <BackToUnits />
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-8">
          <UnitGallery photos={photos} label={t("listings.unit.photos", { title })} />
          <header>
            <div className="flex flex-wrap gap-2">
              {unit.featured ? (
                <Badge variant="featured">
                  <Star aria-hidden="true" className="size-3" /> {t("listings.badge.featured")}
                </Badge>
              ) : null}
              <Badge variant={unit.available ? "success" : "muted"}>
                {t(unit.available ? "listings.badge.available" : "listings.badge.rented")}
              </Badge>
              {unit.vouchersWelcome ? (
                // A sentence, long in Spanish: it wraps on a phone rather than run off the screen.
                <Badge variant="muted" className="whitespace-normal rounded-2xl">
                  {t("listings.facts.vouchersWelcome")}
                </Badge>
              ) : null}
            </div>
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
            <p className="mt-2 flex items-start gap-1 text-muted-foreground">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
              {fullAddress(unit)}
            </p>
            <p className="mt-3 text-2xl font-bold">
              <Rich
                id="listings.unit.perMonth"
                values={{ rent: formatRent(unit.rent, intl) }}
                elements={{
                  muted: <span className="text-base font-normal text-muted-foreground" />,
                }}
              />
            </p>
          </header>
          <section aria-labelledby="features-heading">
            <h2 id="features-heading" className="text-xl font-bold">
              {t("listings.unit.features")}
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              <Feature icon={<CheckCircle2 aria-hidden="true" className={icon} />}>
                {unit.available ? availabilityText(i18n, unit) : t("listings.unit.currentlyRented")}
                {unit.available ? (
                  <span className="block text-sm font-normal text-muted-foreground">
                    {confirmedText(i18n, confirmedOn, thisYear)}
                  </span>
                ) : null}
              </Feature>
              <Feature icon={<Home aria-hidden="true" className={icon} />}>
                {typeText(i18n, unit.type)}
              </Feature>
              <Feature icon={<Car aria-hidden="true" className={icon} />}>
                {/* The parking staff stated; the site's usual line when they stated none. */}
                {unit.parking === null
                  ? t("listings.unit.parking")
                  : t(`listings.fact.parking.${unit.parking}`)}
              </Feature>
              <Feature icon={<BedDouble aria-hidden="true" className={icon} />}>
                {bedroomsText(i18n, unit.bedrooms)}
              </Feature>
              <Feature icon={<Bath aria-hidden="true" className={icon} />}>
                {bathroomsText(i18n, unit.bathrooms)}
              </Feature>
              {unit.squareFeet > 0 ? (
                <Feature icon={<Ruler aria-hidden="true" className={icon} />}>
                  {t("listings.unit.squareFeet", {
                    area: formatNumber(unit.squareFeet, intl),
                  })}
                </Feature>
              ) : null}
            </ul>
            {unit.deposit > 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">
                {t("listings.unit.deposit", { amount: formatRent(unit.deposit, intl) })}
              </p>
            ) : null}
          </section>
          <UnitFacts unit={unit} />
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-xl font-bold">
              {t("listings.unit.description")}
            </h2>
            <p lang={description.lang} className="mt-2 whitespace-pre-line leading-relaxed">
              {description.text}
            </p>
          </section>
          {unit.amenities.length > 0 ? (
            <section aria-labelledby="amenities-heading">
              <h2 id="amenities-heading" className="text-xl font-bold">
                {t("listings.amenities.label")}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {unit.amenities.map((amenity) => {
                  const { text, lang } = amenityText(i18n, amenity, locale);
                  return (
                    <li key={amenity} lang={lang}>
                      <Badge variant="muted" className="px-3 py-1 text-sm">
                        {text}
                      </Badge>
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}
          <p>
            <Link
              to={path(`/buildings/${unit.building.id}`)}
              className="font-semibold text-primary hover:underline"
            >
              {t("listings.unit.moreAbout", { building: unit.building.name })}
            </Link>
          </p>
        </div>
        <aside
          aria-labelledby="contact-heading"
          className="rounded-lg border border-border p-6 shadow-sm lg:sticky lg:top-24 lg:self-start"
        >
          <h2 id="contact-heading" className="text-lg font-bold">
            {t("listings.unit.contactHeading")}
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">
            {t("listings.unit.contactText")}
          </p>
          <ContactActions apply={`/properties/${unit.id}/apply`}>{contact}</ContactActions>
        </aside>
      </div>
    </div>
  );
}
