import { Building2, Plus, Search } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { type AdminProperty, type AdminUnit, adminMessages } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { Pager } from "#web/components/layout/pager";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { SearchBox, useSearchBox } from "#web/components/search-box";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { Skeleton } from "#web/components/ui/skeleton";
import { useListAddress } from "#web/lib/list-address";
import { useContractMutation } from "#web/lib/query";
import { InviteToApplyDialog, type InviteUnit } from "../applications/invite-dialog";
import { type HoursBuilding, ShowingHoursDialog } from "../showings/showing-hours-dialog";
import { useTenantDialogs } from "../tenants/tenant-dialogs";
import type { AdminPropertiesState } from "../use-admin-properties";
import { deleteFailure } from "./messages";
import { type CardActions, PropertyCard } from "./property-card";
import { PropertyDialog } from "./property-dialog";
import { UnitDialog } from "./unit-dialog";

type Props = {
  /**
   * The dashboard's property list. Its error is already in the dashboard's words (e.g. 'Failed
   * to load properties from server'); Try Again waits while `retryDisabled` (2 s after a
   * request, and through the hold after a 429). After a save, delete or image change, the
   * write's contract invalidates the list, which refetches it.
   */
  state: Pick<
    AdminPropertiesState,
    "properties" | "nextCursor" | "stats" | "status" | "error" | "retryDisabled" | "reload"
  >;
  /** The signed-in administrator, sent with each photo upload as its userId field. */
  userId?: string | null;
};

type Editing =
  | { kind: "property"; property: AdminProperty | null }
  | { kind: "unit"; unit: AdminUnit | null; propertyId: number | null };

type Deleting =
  | { kind: "property"; property: AdminProperty }
  | { kind: "unit"; unit: AdminUnit; property: AdminProperty };

const idParams = (id: number) => ({ params: { id: String(id) } });

/**
 * The dashboard's Properties tab, 'Building Management': each building as a card with its first
 * units, and the dialogs that add, edit and delete buildings, units and photos. Under each unit,
 * the tenants with portal access to it: invited, moved or cut off from there.
 */
export function PropertiesTab({ state, userId }: Props) {
  const { properties, status, error, retryDisabled } = state;
  // The search and the page live in the address (the dashboard loads the page they name).
  const address = useListAddress(["q"]);
  const q = address.filters.q;
  const { setFilter } = address;
  const [search, setSearch] = useSearchBox(q, (value) => setFilter("q", value, { replace: true }));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const deleteProperty = useContractMutation(adminPropertiesApi.deleteProperty, idParams);
  const deleteUnit = useContractMutation(adminPropertiesApi.deleteUnit, idParams);
  const tenantDialogs = useTenantDialogs();
  const [hoursOf, setHoursOf] = useState<HoursBuilding | null>(null);
  const [inviteFor, setInviteFor] = useState<InviteUnit | null>(null);

  // The dialogs show the latest copy of what they edit (images removed meanwhile disappear), and
  // keep the one they opened with if a reload no longer has it.
  const editedProperty =
    editing?.kind === "property" && editing.property
      ? (properties.find((p) => p.id === editing.property?.id) ?? editing.property)
      : null;
  const editedUnit =
    editing?.kind === "unit" && editing.unit
      ? (properties.flatMap((p) => p.units).find((u) => u.id === editing.unit?.id) ?? editing.unit)
      : null;

  const actions: CardActions = {
    onEdit: (property) => setEditing({ kind: "property", property }),
    onDelete: (property) => setDeleting({ kind: "property", property }),
    onAddUnit: (property) => setEditing({ kind: "unit", unit: null, propertyId: property.id }),
    onEditUnit: (unit) => setEditing({ kind: "unit", unit, propertyId: unit.propertyId }),
    onDeleteUnit: (unit, property) => setDeleting({ kind: "unit", unit, property }),
    onShowingHours: (property) =>
      setHoursOf({
        id: property.id,
        title: property.title,
        units: property.units.map((unit) => ({ id: unit.id, number: unit.unitNumber })),
      }),
    onInviteToApply: (unit, property) =>
      setInviteFor({
        id: unit.id,
        label: `${property.title}, Unit ${unit.unitNumber}`,
        propertyId: property.id,
        unitNumber: unit.unitNumber,
      }),
    tenants: { actions: tenantDialogs.actions },
  };
  const addBuilding = () => setEditing({ kind: "property", property: null });

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      if (deleting.kind === "property") await deleteProperty.mutateAsync(deleting.property.id);
      else await deleteUnit.mutateAsync(deleting.unit.id);
    } catch (failure) {
      const { title, description } = deleteFailure(deleting.kind, failure);
      toast.error(title, description ? { description } : undefined);
      return;
    } finally {
      setDeleting(null);
      setDeleteBusy(false);
    }
    toast.success(
      deleting.kind === "property" ? adminMessages.propertyDeleted : adminMessages.unitDeleted,
    );
  }

  // Data already loaded stays visible while a reload runs or after it fails.
  const hasData = properties.length > 0;

  return (
    <section aria-labelledby="building-management" className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="building-management" className="text-xl font-bold">
            Building Management
          </h2>
          <p className="text-sm text-muted-foreground">
            Total Buildings:{" "}
            <strong className="text-foreground">
              {status === "loading" && !hasData
                ? "…"
                : (state.stats?.totalProperties ?? properties.length)}
            </strong>
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <SearchBox value={search} onChange={setSearch} label={adminMessages.searchBuildings} />
          {hasData ? (
            <Button
              variant="outline"
              className="h-11"
              onClick={() => setEditing({ kind: "unit", unit: null, propertyId: null })}
            >
              <Plus aria-hidden="true" /> Add New Unit
            </Button>
          ) : null}
          <Button className="h-11" onClick={addBuilding}>
            <Plus aria-hidden="true" /> Add New Building
          </Button>
        </div>
      </header>

      {status === "error" ? (
        <LoadFailed
          variant="banner"
          title={error ?? adminMessages.loadFailed}
          message=""
          // The dashboard's own rhythm: Try Again waits while a retry would do nothing.
          query={{ isFetching: retryDisabled, refetch: state.reload }}
          retryLabel={retryDisabled ? adminMessages.pleaseWait : undefined}
        />
      ) : null}

      {status === "loading" && !hasData ? <LoadingCards /> : null}

      {status === "loaded" && !hasData && q ? (
        <StatePanel
          icon={Search}
          headingLevel={3}
          title={adminMessages.noBuildingMatches}
          message={adminMessages.searchOtherWords}
        />
      ) : null}

      {status === "loaded" && !hasData && !q ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <Building2 aria-hidden="true" className="size-12 text-muted-foreground" />
          <h3 className="text-lg font-bold">{adminMessages.noBuildings}</h3>
          <p className="text-sm text-muted-foreground">
            Add a building, then its units and photos.
          </p>
          <Button className="h-11" onClick={addBuilding}>
            <Plus aria-hidden="true" /> {adminMessages.addFirstBuilding}
          </Button>
        </Card>
      ) : null}

      {hasData ? (
        <div className="grid gap-6 lg:grid-cols-2">
          {properties.map((property) => (
            <PropertyCard key={property.id} property={property} actions={actions} />
          ))}
        </div>
      ) : null}

      <Pager
        label="Building pages"
        nextCursor={state.nextCursor}
        isFirstPage={address.cursor === undefined}
        onNextPage={address.nextPage}
        onFirstPage={address.firstPage}
      />

      <PropertyDialog
        open={editing?.kind === "property"}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        property={editedProperty}
        userId={userId}
      />
      <UnitDialog
        open={editing?.kind === "unit"}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        unit={editedUnit}
        propertyId={editing?.kind === "unit" ? editing.propertyId : null}
        properties={properties}
        userId={userId}
      />
      {tenantDialogs.dialogs}
      <ShowingHoursDialog
        building={hoursOf}
        onOpenChange={(open) => (open ? undefined : setHoursOf(null))}
      />
      <InviteToApplyDialog
        unit={inviteFor}
        onOpenChange={(open) => (open ? undefined : setInviteFor(null))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !deleteBusy) setDeleting(null);
        }}
        title={
          deleting?.kind === "unit"
            ? `Delete Unit ${deleting.unit.unitNumber} of ${deleting.property.title}?`
            : `Delete ${deleting?.property.title ?? "this building"}?`
        }
        description={
          deleting?.kind === "unit"
            ? adminMessages.deleteUnitConfirm
            : adminMessages.deletePropertyConfirm
        }
        confirmLabel={deleting?.kind === "unit" ? "Delete Unit" : "Delete Building"}
        busyLabel="Deleting..."
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}

/** Skeleton cards in the shape of the real ones while the list loads. */
function LoadingCards() {
  return (
    <div aria-busy="true" className="grid gap-6 lg:grid-cols-2">
      <p role="status" className="sr-only">
        Loading buildings...
      </p>
      {[0, 1].map((n) => (
        <Card key={n} className="overflow-hidden">
          <Skeleton className="aspect-[16/9] w-full rounded-none" />
          <div className="grid gap-3 p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}
