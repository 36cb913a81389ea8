/**
 * The staff licence route's work (issue 21 point 3, first part): how many seats of a licence are left to claim.
 * Staff raise or lower it (and tests raise it to free a seat). Raised seats go first to the waitlist's first families
 * (./waitlist-seats.ts offerFreeSeats, in the same transaction): an offer holds its seat, so the answer's count
 * leaves it out.
 */
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import {
  findLicence,
  findLicenceInfo,
  type LicenceInfoJson,
  setAvailableLicences,
  setLicencePaused,
} from './licences.ts';
import { deliverAfterCommit, offerFreeSeats } from './waitlist-seats.ts';

export const LICENCE_NOT_FOUND = 'Licence not found.';

/**
 * PUT /api/staff/licences/{code} (and the console's PUT /api/admin/licences/{code}, issue 22 point 2, which may also
 * pause or resume it): sets the seats left to claim; answers the licence info as families see it. A resumed licence
 * with seats left offers them to the waitlist as a raised one does.
 */
export async function updateLicenceSeats(
  deps: AppDeps,
  code: string,
  body: { available_licenses?: number | undefined; paused?: boolean | undefined },
): Promise<LicenceInfoJson> {
  const licence = await findLicence(deps.db, code);
  if (!licence) throw notFound(LICENCE_NOT_FOUND);
  const change = await deps.db.transaction(async (tx) => {
    if (body.available_licenses !== undefined) await setAvailableLicences(tx, licence.id, body.available_licenses);
    if (body.paused !== undefined) await setLicencePaused(tx, licence.id, body.paused);
    return offerFreeSeats(deps, tx, licence.id, deps.now());
  });
  await deliverAfterCommit(deps, change.mails);
  const view = await findLicenceInfo(deps.db, licence.code, deps.now());
  if (!view) throw notFound(LICENCE_NOT_FOUND);
  return view.info;
}
