/**
 * The staff licence route's work (issue 21 point 3, first part): how many seats of a licence are left to claim.
 * Staff raise or lower it (and tests raise it to free a seat). Raised seats go first to the waitlist's first families
 * (./waitlist-seats.ts offerFreeSeats, in the same transaction): an offer holds its seat, so the answer's count
 * leaves it out.
 *
 * Versions (issue 30 point 4): a licence carries `version`, which the database raises whenever its seats left or its
 * pause change (trigger `licences_bump_version`, migration 0010). `GET` answers it as the `ETag`; a `PUT` with
 * `If-Match` changes the licence only while that is still its version (compared under the licence's row lock, so two
 * processes cannot both pass), else 412 'Someone else changed this licence. Reload to see it.' and nothing changes:
 * a resent seat change makes no second waitlist offer. Without `If-Match` it answers 428 and nothing changes (a
 * client that means any version says `If-Match: *`).
 */
import { eq } from 'drizzle-orm';
import { SEAT_HOLD_TEXTS } from '../../src/domain/seat-holds.ts';
import { licences } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { english } from '../i18n/index.ts';
import {
  findLicence,
  findLicenceInfo,
  type LicenceInfoJson,
  setAvailableLicences,
  setLicencePaused,
} from './licences.ts';
import { deliverAfterCommit, offerFreeSeats } from './waitlist-seats.ts';

export const LICENCE_NOT_FOUND = english('admin.licenceNotFound');

/**
 * What a seat change's `If-Match` asks (read by http/licence-etag.ts `ifMatchPrecondition`): no version named, any
 * version (`*`), or these versions.
 */
export type LicencePrecondition =
  | { kind: 'none' }
  | { kind: 'any' }
  | { kind: 'versions'; versions: readonly number[] };

/** 428: a seat change must say which version of the licence it was made against. */
export function licenceVersionRequired(): ApiError {
  const text = english('admin.licenceVersionRequired');
  return new ApiError(428, text, { if_match: [text] });
}

export function staleLicence(): ApiError {
  return new ApiError(412, SEAT_HOLD_TEXTS.staleLicence, { if_match: [SEAT_HOLD_TEXTS.staleLicence] });
}

/** GET /api/staff/licences/{code}: the licence info as families see it, with its version (the `ETag`). */
export async function licenceWithVersion(
  deps: AppDeps,
  code: string,
): Promise<{ info: LicenceInfoJson; version: number }> {
  const licence = await findLicence(deps.db, code);
  if (!licence) throw notFound(LICENCE_NOT_FOUND);
  const view = await findLicenceInfo(deps.db, licence.code, deps.now());
  if (!view) throw notFound(LICENCE_NOT_FOUND);
  return { info: view.info, version: licence.version };
}

/**
 * PUT /api/staff/licences/{code} (and the console's PUT /api/admin/licences/{code}, issue 22 point 2, which may also
 * pause or resume it): sets the seats left to claim; answers the licence info as families see it and its version
 * after the change. A resumed licence with seats left offers them to the waitlist as a raised one does.
 * `precondition`: what the request's `If-Match` asks: 428 when it names no version, once the licence is found; 412
 * when the licence's version is none of those it names (`*`: any).
 */
export async function updateLicenceSeats(
  deps: AppDeps,
  code: string,
  body: { available_licenses?: number | undefined; paused?: boolean | undefined },
  precondition: LicencePrecondition,
): Promise<{ info: LicenceInfoJson; version: number }> {
  const licence = await findLicence(deps.db, code);
  if (!licence) throw notFound(LICENCE_NOT_FOUND);
  if (precondition.kind === 'none') throw licenceVersionRequired();
  const change = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ version: licences.version })
      .from(licences)
      .where(eq(licences.id, licence.id))
      .for('update');
    if (!locked) throw notFound(LICENCE_NOT_FOUND);
    if (precondition.kind === 'versions' && !precondition.versions.includes(locked.version)) throw staleLicence();
    if (body.available_licenses !== undefined) await setAvailableLicences(tx, licence.id, body.available_licenses);
    if (body.paused !== undefined) await setLicencePaused(tx, licence.id, body.paused);
    return offerFreeSeats(deps, tx, licence.id, deps.now());
  });
  await deliverAfterCommit(deps, change.mails);
  return licenceWithVersion(deps, licence.code);
}
