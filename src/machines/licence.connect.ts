/**
 * The views' window on licence.machine.ts (the licence pages, spec §2 Licence): the actor and snapshot types they
 * render from, and what a snapshot shows. Views import the machine only through this module (biome.json,
 * noRestrictedImports), so the machine stays free to change its inside.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { LicenceInfo } from '../api/schemas';
import { formatHoldUntil } from '../domain/dates';
import type { PaymentConfirmation } from './licence.context';
import type { licenceMachine } from './licence.machine';
import type { ShownText } from './payment-texts';

export type { HouseholdReceipt } from '../api/household.schemas';
export type { LicenceInfo, Receipt } from '../api/schemas';
export type { PaymentConfirmation, ShownText };

export type LicenceActorRef = ActorRefFrom<typeof licenceMachine>;
export type LicenceSnapshot = SnapshotFrom<typeof licenceMachine>;

/**
 * The screen of a licence page and what it needs, flat so views select it with shallowEqual (the licence object is
 * the machine's own, so it stays the same between snapshots). `none`: loading, claiming, refreshing (the loading
 * overlay announces them) or leaving (the route navigates).
 */
export type LicenceView =
  | { screen: 'failed'; canRetry: boolean }
  | { screen: 'paused'; licence: LicenceInfo }
  | {
      screen: 'teamWelcome';
      licence: LicenceInfo;
      unavailable: boolean;
      /** The §8 text of a failed automatic claim. */
      error: ShownText | null;
      /** Issue 21 point 3: the question Yes/No answers is shown (available, or joining the waitlist). */
      asksForAccount: boolean;
      canYes: boolean;
      canNo: boolean;
      /** Issue 21 point 3: 'Join the waitlist' under the unavailable notice. */
      canJoinWaitlist: boolean;
      /** Issue 21 point 3: until when the seat of a waitlist offer is held for this visitor, or null. */
      heldUntil: string | null;
      /** Issue 30 point 4: 'Your held spot on {team} was released.' (the server's text for this family), or null. */
      released: string | null;
    }
  | {
      screen: 'teamSuccess';
      accountEmail: string | null;
      /** The payment just made (issue 19.1), shown above the activation steps; null on any other arrival. */
      confirmation: PaymentConfirmation | null;
    }
  | {
      screen: 'coachLicence';
      licence: LicenceInfo;
      unavailable: boolean;
      /** The §8 text of a failed claim or user refresh. */
      error: ShownText | null;
      canClaim: boolean;
    }
  | { screen: 'coachClaimed'; licence: LicenceInfo }
  | { screen: 'none' };

export function licenceView(snapshot: LicenceSnapshot): LicenceView {
  const { licence, errorText, accountEmail, confirmation } = snapshot.context;
  if (snapshot.matches('failed')) return { screen: 'failed', canRetry: snapshot.can({ type: 'RETRY' }) };
  if (snapshot.matches({ team: 'success' })) return { screen: 'teamSuccess', accountEmail, confirmation };
  if (licence === null) return { screen: 'none' };
  if (snapshot.matches('paused')) return { screen: 'paused', licence };
  if (snapshot.matches({ team: 'welcome' }) || snapshot.matches({ team: 'unavailable' })) {
    const unavailable = snapshot.matches({ team: 'unavailable' });
    return {
      screen: 'teamWelcome',
      licence,
      unavailable,
      error: snapshot.matches({ team: { welcome: 'claimFailed' } }) ? errorText : null,
      asksForAccount: !unavailable || snapshot.matches({ team: { unavailable: 'joining' } }),
      canYes: snapshot.can({ type: 'YES' }),
      canNo: snapshot.can({ type: 'NO' }),
      canJoinWaitlist: snapshot.can({ type: 'JOIN_WAITLIST' }),
      heldUntil: unavailable || licence.offer === undefined ? null : formatHoldUntil(licence.offer.expires_at),
      released: snapshot.context.released,
    };
  }
  if (snapshot.matches({ coach: 'licence' }) || snapshot.matches({ coach: 'unavailable' })) {
    return {
      screen: 'coachLicence',
      licence,
      unavailable: snapshot.matches({ coach: 'unavailable' }),
      error: snapshot.matches({ coach: { licence: 'claimFailed' } }) ? errorText : null,
      canClaim: snapshot.can({ type: 'CLAIM' }),
    };
  }
  if (snapshot.matches({ coach: 'claimed' })) return { screen: 'coachClaimed', licence };
  return { screen: 'none' };
}

/**
 * The organization whose stylesheet the licence page applies: its id once the licence names it, null when the load
 * failed (the client's stylesheet), undefined while it is not known yet.
 */
export function licenceOrganizationId(snapshot: LicenceSnapshot): number | null | undefined {
  if (snapshot.context.licence !== null) return snapshot.context.licence.organization_id;
  return snapshot.matches('failed') ? null : undefined;
}
