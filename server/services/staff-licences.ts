/**
 * The staff licence route's work (issue 21 point 3, first part): how many seats of a licence are left to claim.
 * Staff raise or lower it (and tests raise it to free a seat). The waitlist's offers, which will hold freed seats for
 * the first family on the list, are issue 21's next step; until then a raised count is simply claimable.
 */
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { findLicence, findLicenceInfo, type LicenceInfoJson, setAvailableLicences } from './licences.ts';

export const LICENCE_NOT_FOUND = 'Licence not found.';

/** PUT /api/staff/licences/{code}: sets the seats left to claim; answers the licence info as families see it. */
export async function updateLicenceSeats(
  deps: AppDeps,
  code: string,
  body: { available_licenses: number },
): Promise<LicenceInfoJson> {
  const licence = await findLicence(deps.db, code);
  if (!licence) throw notFound(LICENCE_NOT_FOUND);
  await setAvailableLicences(deps.db, licence.id, body.available_licenses);
  const view = await findLicenceInfo(deps.db, licence.code, deps.now());
  if (!view) throw notFound(LICENCE_NOT_FOUND);
  return view.info;
}
