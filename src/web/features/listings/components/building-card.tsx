import { MapPin, Star } from "lucide-react";
import { Link } from "react-router";
import { BUILDING_CARD_MAX_AMENITIES } from "#domain/constants";
import { formatRent } from "#domain/i18n/intl-formats";
import { fullAddress } from "#domain/listing-format";
import type { BuildingCardData } from "#domain/listings";
import { placeholderIndex, placeholderPhoto } from "#domain/photos";
import { Badge } from "#web/components/ui/badge";
import { useI18n } from "#web/i18n/i18n-provider";
import { Rich } from "#web/i18n/rich";
import { amenityText, illustrativeAlt, localizePhotos, typeText } from "../listing-text";
import { ListingImage } from "./listing-image";

/** Three amenities at most, then '+N more'. */
export function AmenityPreview({ amenities }: { amenities: string[] }) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const shown = amenities.slice(0, BUILDING_CARD_MAX_AMENITIES);
  const more = amenities.length - shown.length;
  if (amenities.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t("listings.amenities.label")}>
      {shown.map((amenity) => {
        const { text, lang } = amenityText(i18n, amenity, locale);
        return (
          <li key={amenity} lang={lang}>
            <Badge variant="muted">{text}</Badge>
          </li>
        );
      })}
      {more > 0 ? (
        <li>
          <Badge variant="outline">{t("listings.amenities.more", { count: String(more) })}</Badge>
        </li>
      ) : null}
    </ul>
  );
}

export function BuildingCard({
  building,
  priority = false,
  priorityMedia,
}: {
  building: BuildingCardData;
  priority?: boolean;
  /** Where the card is above the fold (see ResponsiveImage). */
  priorityMedia?: string;
}) {
  const i18n = useI18n();
  const { t, path, intl } = i18n;
  const photo = localizePhotos(i18n, building.photos, building.name, building.name)[0]!;
  const units = { available: String(building.availableUnits), total: building.totalUnits };
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-border bg-background shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-[3/2] overflow-hidden">
        <ListingImage
          photo={photo}
          fallback={placeholderPhoto(
            placeholderIndex(building.id),
            illustrativeAlt(i18n, building.name),
          )}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          priorityMedia={priorityMedia}
          className="size-full transition-transform duration-300 group-hover:scale-[1.02]"
        />
        <div className="absolute left-3 top-3 flex gap-2">
          {building.featured ? (
            <Badge variant="featured">
              <Star aria-hidden="true" className="size-3" /> {t("listings.badge.featured")}
            </Badge>
          ) : null}
          {building.hasVacancy ? (
            <Badge variant="success">{t("listings.badge.available")}</Badge>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-accent">
            {typeText(i18n, building.type)}
          </p>
          <h3 className="mt-1 text-lg font-bold">
            <Link
              to={path(`/buildings/${building.id}`)}
              className="after:absolute after:inset-0 hover:underline"
            >
              {building.name}
            </Link>
          </h3>
          <p className="mt-1 flex items-start gap-1 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {fullAddress(building)}
          </p>
        </div>
        <p className="text-sm">
          {building.rentFrom !== null ? (
            <Rich
              id="listings.card.unitsWithRent"
              values={{ ...units, rent: formatRent(building.rentFrom, intl) }}
              elements={{ strong: <strong /> }}
            />
          ) : (
            <Rich id="listings.card.units" values={units} elements={{ strong: <strong /> }} />
          )}
        </p>
        <div className="relative mt-auto">
          <AmenityPreview amenities={building.amenities} />
        </div>
      </div>
    </article>
  );
}
