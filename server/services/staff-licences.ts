/**
 * The staff licence route's work (issue 21 point 3, first part): how many seats of a licence are left to claim.
 * Staff raise or lower it (and tests raise it to free a seat). Raised seats go first to the waitlist's first families
 * (./waitlist-seats.ts offerFreeSeats, in the same transaction): an offer holds its seat, so the answer's count
 * leaves it out.
 */
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { findLicence, findLicenceInfo, type LicenceInfoJson, setAvailableLicences } from './licences.ts';
import { deliverAfterCommit, offerFreeSeats } from './waitlist-seats.ts';

export const LICENCE_NOT_FOUND = 'Licence not found.';

/** PUT /api/staff/licences/{code}: sets the seats left to claim; answers the licence info as families see it. */
export async function updateLicenceSeats(
  deps: AppDeps,
  code: string,
  body: { available_licenses: number },
): Promise<LicenceInfoJson> {
  const licence = await findLicence(deps.db, code);
  if (!licence) throw notFound(LICENCE_NOT_FOUND);
  const change = await deps.db.transaction(async (tx) => {
    await setAvailableLicences(tx, licence.id, body.available_licenses);
    return offerFreeSeats(deps, tx, licence.id, deps.now());
  });
  await deliverAfterCommit(deps, change.mails);
  const view = await findLicenceInfo(deps.db, licence.code, deps.now());
  if (!view) throw notFound(LICENCE_NOT_FOUND);
  return view.info;
}
