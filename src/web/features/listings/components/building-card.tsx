import { MapPin, Star } from "lucide-react";
import { Link } from "react-router";
import { BUILDING_CARD_MAX_AMENITIES } from "#domain/constants";
import { formatRent, fullAddress, typeLabel } from "#domain/listing-format";
import type { Building } from "#domain/listings";
import { placeholderIndex, placeholderPhoto } from "#domain/photos";
import { Badge } from "#web/components/ui/badge";
import { ResponsiveImage } from "#web/components/ui/responsive-image";

/** Three amenities at most, then '+N more'. */
export function AmenityPreview({ amenities }: { amenities: string[] }) {
  const shown = amenities.slice(0, BUILDING_CARD_MAX_AMENITIES);
  const more = amenities.length - shown.length;
  if (amenities.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Amenities">
      {shown.map((amenity) => (
        <li key={amenity}>
          <Badge variant="muted">{amenity}</Badge>
        </li>
      ))}
      {more > 0 ? (
        <li>
          <Badge variant="outline">{`+${more} more`}</Badge>
        </li>
      ) : null}
    </ul>
  );
}

export function BuildingCard({
  building,
  priority = false,
}: {
  building: Building;
  priority?: boolean;
}) {
  const photo = building.photos[0]!;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-border bg-background shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-[3/2] overflow-hidden">
        <ResponsiveImage
          photo={photo}
          fallback={placeholderPhoto(
            placeholderIndex(building.id),
            `${building.name} (illustrative photo)`,
          )}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="size-full transition-transform duration-300 group-hover:scale-[1.02]"
        />
        <div className="absolute left-3 top-3 flex gap-2">
          {building.featured ? (
            <Badge variant="featured">
              <Star aria-hidden="true" className="size-3" /> Featured
            </Badge>
          ) : null}
          {building.hasVacancy ? <Badge variant="success">Available</Badge> : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-accent">
            {typeLabel(building.type)}
          </p>
          <h3 className="mt-1 text-lg font-bold">
            <Link
              to={`/buildings/${building.id}`}
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
          <strong>{building.availableUnits}</strong> of {building.totalUnits}{" "}
          {building.totalUnits === 1 ? "unit" : "units"} available
          {building.rentFrom !== null ? (
            <>
              {" · from "}
              <strong>{formatRent(building.rentFrom)}</strong>/month
            </>
          ) : null}
        </p>
        <div className="relative mt-auto">
          <AmenityPreview amenities={building.amenities} />
        </div>
      </div>
    </article>
  );
}
