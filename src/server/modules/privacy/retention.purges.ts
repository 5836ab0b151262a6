import { retention, retentionCutoff } from "#domain/retention";
import type { Db } from "#server/db/client";
import { purgeApplicationsBefore } from "#server/modules/applications";
import { purgeInquiriesBefore } from "#server/modules/inquiries";
import { removeRequestsOfTenants } from "#server/modules/maintenance";
import { purgeEventsBefore } from "#server/modules/notifications";
import { purgeShowingsBefore } from "#server/modules/showings";
import {
  purgeDocumentRequestsBefore,
  purgeRequestedFilesBefore,
  removeFilesOfTenants,
} from "#server/modules/tenant-files";
import { deleteUsers, formerTenantsBefore, purgeUnusedStaffBefore } from "#server/modules/users";
import type { Purge } from "#server/shared/periodic";
import type { ObjectStore } from "#server/storage/object-store";
import { purgeAnsweredBefore, purgeUnconfirmedBefore } from "./privacy-requests.repository";

/** Former tenants removed per round: each round deletes their files, requests and accounts. */
const TENANTS_PER_ROUND = 100;

const days = (kind: keyof typeof retention) => `${retention[kind].days} days`;

/**
 * The daily purges of the retention table (`#domain/retention`) that no module runs on its own:
 * each reads its period there, so the privacy page and the purge cannot disagree. The alerts'
 * purges, the audit trail's and the sent mail's read the same table from their modules.
 * `now` is the clock (a test's fake one).
 */
export function retentionPurges(deps: { db: Db; store: ObjectStore; now: () => Date }): Purge[] {
  const { db, store, now } = deps;
  return [
    {
      name: `Inquiries of people silent for ${days("inquiries")}`,
      run: () => purgeInquiriesBefore(db, retentionCutoff("inquiries", now())),
    },
    {
      name: `Document requests whose link ended ${days("documentRequests")} ago`,
      run: () => purgeDocumentRequestsBefore(db, retentionCutoff("documentRequests", now())),
    },
    {
      name: `Files sent through a request link ${days("requestedFiles")} ago`,
      run: () => purgeRequestedFilesBefore(db, store, retentionCutoff("requestedFiles", now())),
    },
    {
      name: `Former tenants, ${days("formerTenants")} after their access ended`,
      run: () => purgeFormerTenants(db, store, retentionCutoff("formerTenants", now())),
    },
    {
      name: `Showings held ${days("showings")} ago`,
      run: () => purgeShowingsBefore(db, retentionCutoff("showings", now())),
    },
    {
      name: `Rental applications whose last step was ${days("applications")} ago`,
      run: () => purgeApplicationsBefore(db, retentionCutoff("applications", now())),
    },
    {
      name: `Staff accounts unused for ${days("staffAccounts")}`,
      run: () => purgeUnusedStaffBefore(db, retentionCutoff("staffAccounts", now())),
    },
    {
      name: `Notifications older than ${days("notifications")}`,
      run: () => purgeEventsBefore(db, retentionCutoff("notifications", now())),
    },
    {
      name: `Privacy requests not confirmed within ${days("privacyRequestsUnconfirmed")}`,
      run: () =>
        purgeUnconfirmedBefore({ db }, retentionCutoff("privacyRequestsUnconfirmed", now())),
    },
    {
      name: `Privacy requests answered ${days("privacyRequests")} ago`,
      run: () => purgeAnsweredBefore({ db }, retentionCutoff("privacyRequests", now())),
    },
  ];
}

/**
 * Former tenants whose access ended before `cutoff`, a round of accounts at a time: their
 * documents (with the stored files), their maintenance requests (with comments and photos),
 * then the accounts. Answers how many accounts went.
 */
async function purgeFormerTenants(db: Db, store: ObjectStore, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await formerTenantsBefore(db, cutoff, TENANTS_PER_ROUND);
    await removeFilesOfTenants(db, store, ids);
    await removeRequestsOfTenants(db, store, ids);
    total += await deleteUsers(db, ids);
    if (ids.length < TENANTS_PER_ROUND) return total;
  }
}
