import type { AlertSubscription } from "#domain/alerts";
import type { ApplicationInvite } from "#domain/applications";
import {
  BUILDINGS_PAGE,
  type Building,
  type BuildingDetail,
  type BuildingFilters,
  type BuildingsCount,
  type Unit,
} from "#domain/listings";
import type { PrivacyRequest, PrivacyRequestKind } from "#domain/privacy";
import type { ShowingBooking, ShowingView } from "#domain/showings";
import type { WaitlistJoin, WaitlistView } from "#domain/waitlists";
import {
  cachedBuilding,
  cachedBuildings,
  cachedBuildingsBefore,
  cachedBuildingsCount,
  cachedBuildingsPage,
  cachedUnit,
} from "#server/modules/listings";
import type { Db } from "../db/client";
import { isAppError } from "./errors";
import type { ResponseCache } from "./response-cache";

/**
 * What the web app's loaders may ask the server for. Loaders run in this process, so they call
 * the services directly (no HTTP round trip); the web app imports only this type.
 * "Not found" is null here, so pages need not know the server's error classes.
 */
export type WebServices = {
  publicUrl: string;
  listings: {
    /** The first `limit` buildings the filters find (the home page's few). */
    listBuildings(filters: BuildingFilters): Promise<Building[]>;
    /**
     * The /properties page's page of buildings after the cursor, the API's own page (the same
     * cached entry), and the next page's cursor; null for a cursor this server did not make.
     */
    listBuildingsPage(
      filters: Omit<BuildingFilters, "limit">,
      cursor: string | undefined,
    ): Promise<ListPage | null>;
    /** How many buildings the filters find, and the available units in them. */
    countBuildings(filters: Omit<BuildingFilters, "limit">): Promise<BuildingsCount>;
    findBuilding(id: number): Promise<BuildingDetail | null>;
    findUnit(id: number): Promise<Unit | null>;
  };
  alerts: AlertPages;
  privacyRequests: PrivacyRequestPages;
  showings: ShowingPages;
  waitlists: WaitlistPages;
  applications: ApplicationPages;
};

/**
 * Apply Now's own application (APPLY_NOW=online): `online` false means Apply Now opens the
 * agency's external page, and these pages are not found.
 */
export type ApplicationPages = {
  online: boolean;
  /** The unit an Apply Now page applies for; null for a unit the site does not show. */
  unit(
    unitId: number,
  ): Promise<{ id: number; number: string; building: string; address: string } | null>;
  /**
   * Its form sent without scripts (as POST /api/units/:id/applications): the link is e-mailed;
   * false for a unit the site does not show.
   */
  start(unitId: number, input: ApplicationInvite & { lang: "en" | "es" }): Promise<boolean>;
};

/** What a building's waiting-list pages send and read (plain forms: scripts not needed). */
export type WaitlistPages = {
  /** The join form sent (as POST /api/properties/:id/waitlist); false for a building not shown. */
  join(propertyId: number, input: WaitlistJoin & { lang: "en" | "es" }): Promise<boolean>;
  /** The entry of an e-mailed link; null for a link that no longer works. */
  find(token: string): Promise<WaitlistView | null>;
  /** The link page's yes (as POST /api/waitlist/:token/confirm); null for a bad link. */
  confirm(token: string): Promise<WaitlistView | null>;
  /** The link page's leave (as POST /api/waitlist/:token/leave); false for a bad link. */
  leave(token: string): Promise<boolean>;
};

/** What a showing's e-mailed link's page reads and does. */
export type ShowingPages = {
  /**
   * The showing of the link, whether it can still be cancelled or moved, and the open times it
   * can move to; null for a bad link.
   */
  find(token: string): Promise<{
    showing: ShowingView;
    cancellable: boolean;
    moveTo: { start: string; end: string }[];
  } | null>;
  /** The page's button (as POST /api/showings/:token/cancel): false if nothing was cancelled. */
  cancel(token: string): Promise<boolean>;
  /**
   * The page's move (as POST /api/showings/:token/move): the new link's token, the time gone,
   * or null for a link that does not work.
   */
  move(
    token: string,
    start: string,
  ): Promise<{ moved: string } | { taken: { start: string; end: string }[] } | null>;
  /** The unit page's booking without scripts: the unit and its open times; null if not shown. */
  booking(unitId: number): Promise<{
    unit: { id: number; number: string; building: string; address: string };
    slots: { start: string; end: string }[];
  } | null>;
  /**
   * Its form, sent (as POST /api/units/:id/showings): the showing and its link's token, the
   * time gone, no hours, or null for a unit that is not shown.
   */
  book(
    unitId: number,
    input: ShowingBooking,
  ): Promise<
    | { booked: ShowingView; token: string }
    | { taken: { start: string; end: string }[] }
    | { noHours: true }
    | null
  >;
};

/** A page of the /properties list: its buildings, how many come before them, the next cursor. */
export type ListPage = { buildings: Building[]; before: number; nextCursor: string | null };

/** What the listing alerts' pages read: a confirmation or a manage link's subscription. */
export type AlertPages = {
  /** The agency's towns, to choose from when subscribing. */
  towns(): Promise<string[]>;
  /**
   * The subscription a confirmation link would turn on, unchanged (the page asks; its button
   * confirms through the API); only `used` once it has been (a link works once); null for a bad
   * link.
   */
  confirmation(
    token: string,
  ): Promise<
    | { used: false; subscription: AlertSubscription }
    | { used: true; subscription?: undefined }
    | null
  >;
  /**
   * The confirmation page's button sent as a plain form (no JavaScript yet, or none): the same
   * as the API's POST /api/alerts/confirm/:token. The manage token of the alert that is on (the
   * one already on, when the same alert was confirmed before by another link), once; `used` for
   * a link whose button was pressed before; null for a link that no longer works.
   */
  confirm(token: string): Promise<{ manageToken: string } | "used" | null>;
  find(token: string): Promise<AlertSubscription | null>;
};

/** What the privacy page and a privacy request's e-mailed link read and send. */
export type PrivacyRequestPages = {
  /** The privacy page's form sent without JavaScript: the same as POST /api/privacy/requests. */
  ask(input: PrivacyRequest): Promise<void>;
  /** The request a link would confirm, unchanged; `used` once confirmed; null for a bad link. */
  confirmation(
    token: string,
  ): Promise<
    | { used: false; request: { email: string; kind: PrivacyRequestKind } }
    | { used: true; request?: undefined }
    | null
  >;
  /** The link page's button sent as a plain form: as POST /api/privacy/requests/confirm/:token. */
  confirm(
    token: string,
  ): Promise<{ email: string; kind: PrivacyRequestKind; dueAt: string } | "used" | null>;
};

/** Listing reads are the public API's own: the same cached answers, under the same keys. */
export function createWebServices(deps: {
  db: Db;
  publicUrl: string;
  cache: ResponseCache;
  alerts: AlertPages;
  privacyRequests: PrivacyRequestPages;
  showings: ShowingPages;
  waitlists: WaitlistPages;
  applications: ApplicationPages;
}): WebServices {
  return {
    publicUrl: deps.publicUrl,
    alerts: deps.alerts,
    privacyRequests: deps.privacyRequests,
    showings: deps.showings,
    waitlists: deps.waitlists,
    applications: deps.applications,
    listings: {
      listBuildings: async (filters) => (await cachedBuildings(deps, filters)).value,
      listBuildingsPage: async (filters, cursor) => {
        try {
          const [page, before] = await Promise.all([
            cachedBuildingsPage(deps, { ...filters, limit: BUILDINGS_PAGE, cursor }),
            cursor === undefined ? 0 : cachedBuildingsBefore(deps, filters, cursor),
          ]);
          return { buildings: page.value, nextCursor: page.nextCursor, before };
        } catch (error) {
          if (isAppError(error) && error.statusCode === 400) return null;
          throw error;
        }
      },
      countBuildings: (filters) => cachedBuildingsCount(deps, filters),
      findBuilding: async (id) => (await cachedBuilding(deps, id))?.value ?? null,
      findUnit: async (id) => (await cachedUnit(deps, id))?.value ?? null,
    },
  };
}
