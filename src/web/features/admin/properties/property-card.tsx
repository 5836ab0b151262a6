import {
  CalendarCheck,
  ClipboardPen,
  Clock,
  EyeOff,
  MapPin,
  Pencil,
  Plus,
  Star,
  Trash2,
} from "lucide-react";
import {
  type AdminProperty,
  type AdminUnit,
  adminMessages,
  UNITS_SHOWN_PER_BUILDING,
} from "#domain/admin";
import {
  formatBathrooms,
  formatBedrooms,
  formatRent,
  fullAddress,
  typeLabel,
} from "#domain/listing-format";
import { maintenanceStaffMessages, type Tenant } from "#domain/maintenance";
import { placeholderIndex, placeholderPhoto } from "#domain/photos";
import { LoadFailed } from "#web/components/load-failed";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { ResponsiveImage } from "#web/components/ui/responsive-image";
import { formatShortDate } from "#web/lib/format-date-time";
import { type TenantActions, UnitTenants } from "../tenants/unit-tenants";
import { useUnitsTenants } from "../tenants/use-tenants";
import { unitLabel, useConfirmAvailability } from "../use-confirm-availability";

export type CardActions = {
  onEdit: (property: AdminProperty) => void;
  onDelete: (property: AdminProperty) => void;
  onAddUnit: (property: AdminProperty) => void;
  onEditUnit: (unit: AdminUnit) => void;
  onDeleteUnit: (unit: AdminUnit, property: AdminProperty) => void;
  /** Invite a renter to apply for a unit (an e-mailed link to the product's application). */
  onInviteToApply?: (unit: AdminUnit, property: AdminProperty) => void;
  /** The building's showing hours (what renters may book on its units' pages). */
  onShowingHours?: (property: AdminProperty) => void;
  /**
   * The buttons that invite, move and end a tenant's access; with them, each unit shown lists
   * the tenants who have portal access to it.
   */
  tenants?: { actions: TenantActions };
};

export function moreUnitsText(count: number): string {
  return `+ ${count} more ${count === 1 ? "unit" : "units"}`;
}

/**
 * The building's first image; if it fails, a sample photo picked from its id; if that fails too,
 * ResponsiveImage's placeholder icon. A building without images starts at the sample photo.
 */
function BuildingImage({ property }: { property: AdminProperty }) {
  const sample = placeholderPhoto(
    placeholderIndex(property.id),
    `${property.title} (illustrative photo)`,
  );
  const first = property.images[0];
  const photo = first
    ? {
        url: first.url,
        srcSet: first.srcSet,
        width: first.width,
        height: first.height,
        alt: first.alt || `Photo of ${property.title}`,
      }
    : sample;
  return (
    <ResponsiveImage
      // A new first image (after an upload or removal) gets a fresh load, not the old failure.
      key={photo.url}
      photo={photo}
      fallback={first ? sample : undefined}
      sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
      className="aspect-[16/9] w-full"
    />
  );
}

export function PropertyCard({
  property,
  actions,
}: {
  property: AdminProperty;
  actions: CardActions;
}) {
  const titleId = `property-${property.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-lg border border-border bg-background shadow-sm"
    >
      <div className="relative">
        <BuildingImage property={property} />
        <div className="absolute left-3 top-3 flex flex-wrap gap-2">
          {property.featured ? (
            <Badge variant="featured">
              <Star aria-hidden="true" className="size-3" /> Featured
            </Badge>
          ) : null}
          {property.active ? null : (
            <Badge variant="muted" title="Hidden from the public site">
              <EyeOff aria-hidden="true" className="size-3" /> Inactive
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wide text-accent">
              {typeLabel(property.type)}
            </p>
            <h3 id={titleId} className="mt-1 text-lg font-bold break-words">
              {property.title}
            </h3>
            <p className="mt-1 flex items-start gap-1 text-sm text-muted-foreground">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {fullAddress(property)}
            </p>
            {property.active ? null : (
              <p className="mt-1 text-xs text-muted-foreground">Hidden from the public site.</p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {actions.onShowingHours ? (
              <Button
                variant="outline"
                className="h-11"
                aria-label={`Showing hours of ${property.title}`}
                onClick={() => actions.onShowingHours?.(property)}
              >
                <Clock aria-hidden="true" /> Showing hours
              </Button>
            ) : null}
            <Button
              variant="outline"
              className="h-11"
              aria-label={`Edit ${property.title}`}
              onClick={() => actions.onEdit(property)}
            >
              <Pencil aria-hidden="true" /> Edit
            </Button>
            <Button
              variant="outline"
              className="h-11 text-destructive"
              aria-label={`Delete ${property.title}`}
              onClick={() => actions.onDelete(property)}
            >
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </div>
        </div>
        {property.description ? (
          <p className="line-clamp-3 text-sm text-muted-foreground">{property.description}</p>
        ) : null}
        <UnitsList property={property} actions={actions} />
      </div>
    </article>
  );
}

function UnitsList({ property, actions }: { property: AdminProperty; actions: CardActions }) {
  const shown = property.units.slice(0, UNITS_SHOWN_PER_BUILDING);
  const more = property.units.length - shown.length;
  const tenants = useUnitsTenants(actions.tenants ? shown.map((unit) => unit.id) : []);
  return (
    <section aria-label={`Units of ${property.title}`} className="mt-auto grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{`Units (${property.units.length})`}</h4>
        <Button
          variant="secondary"
          className="h-11"
          aria-label={`Add Unit to ${property.title}`}
          onClick={() => actions.onAddUnit(property)}
        >
          <Plus aria-hidden="true" /> Add Unit
        </Button>
      </div>
      {shown.length === 0 ? (
        <p className="rounded-md bg-muted p-3 text-center text-sm text-muted-foreground">
          {adminMessages.noUnits}
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {shown.map((unit) => (
            <UnitRow
              key={unit.id}
              unit={unit}
              property={property}
              actions={actions}
              tenants={tenants.byUnit.get(unit.id) ?? []}
            />
          ))}
        </ul>
      )}
      {tenants.query.isError ? (
        <LoadFailed
          variant="banner"
          title={`${maintenanceStaffMessages.tenantsLoadFailed}.`}
          query={tenants.query}
        />
      ) : null}
      {tenants.total > tenants.shown ? (
        <p className="text-sm text-muted-foreground">
          {maintenanceStaffMessages.moreTenants(tenants.shown, tenants.total)}
        </p>
      ) : null}
      {more > 0 ? <p className="text-sm text-muted-foreground">{moreUnitsText(more)}</p> : null}
    </section>
  );
}

/** "Still available" on an available unit's row: its confirmation date moves to today. */
function StillAvailableButton({ unit, building }: { unit: AdminUnit; building: string }) {
  const label = unitLabel(unit, building);
  const confirm = useConfirmAvailability(label);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Still available: ${label}`}
      title="Still available"
      // Not `disabled`: a button disabled under the keyboard's focus drops it.
      aria-disabled={confirm.isPending || undefined}
      onClick={() => {
        if (!confirm.isPending) confirm.mutate(unit.id);
      }}
    >
      <CalendarCheck aria-hidden="true" />
    </Button>
  );
}

function UnitRow({
  unit,
  property,
  actions,
  tenants,
}: {
  unit: AdminUnit;
  property: AdminProperty;
  actions: CardActions;
  tenants: Tenant[];
}) {
  const name = `Unit ${unit.unitNumber}`;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span>{name}</span>
          <Badge variant={unit.available ? "success" : "muted"}>
            {unit.available ? "Available" : "Occupied"}
          </Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          {`${formatBedrooms(unit.bedrooms)} · ${formatBathrooms(unit.bathrooms)} · `}
          <span className="font-semibold text-foreground">{`${formatRent(unit.rent)}/month`}</span>
        </p>
        {unit.available ? (
          <p className="text-sm text-muted-foreground">
            {`Last confirmed ${formatShortDate(unit.availabilityConfirmedAt)}`}
          </p>
        ) : null}
      </div>
      <div className="flex gap-1">
        {unit.available ? <StillAvailableButton unit={unit} building={property.title} /> : null}
        {actions.onInviteToApply ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Invite to apply: ${name} in ${property.title}`}
            title="Invite to apply"
            onClick={() => actions.onInviteToApply?.(unit, property)}
          >
            <ClipboardPen aria-hidden="true" />
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit ${name} in ${property.title}`}
          onClick={() => actions.onEditUnit(unit)}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive"
          aria-label={`Delete ${name} in ${property.title}`}
          onClick={() => actions.onDeleteUnit(unit, property)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {actions.tenants ? (
        <UnitTenants
          unit={unit}
          building={property.title}
          tenants={tenants}
          actions={actions.tenants.actions}
        />
      ) : null}
    </li>
  );
}
