/**
 * The licence flow's types and context rules (spec §2 'Licence page', §4 'Licence page and claiming'): input, context,
 * events, the exits and how each is built. The chart is licence.machine.ts.
 */

import type { CurrentUser, LicenceInfo } from '../api/schemas';
import type { PaymentConfirmation } from './payment.context';
import type { ShownText } from './payment-texts';

export type { PaymentConfirmation };

export type LicenceVariant = 'team' | 'coach';

/** What the machine keeps of the stored user at arrival; null when nobody is logged in (or after a silent logout). */
export interface SessionUser {
  email: string;
  isCoach: boolean;
  licenceCode: string | null;
}

export interface LicenceInput {
  variant: LicenceVariant;
  /** The licence code (route parameter, else the `license` query, §2). */
  code: string;
  claimedRegistration?: boolean | undefined;
  claimedLogin?: boolean | undefined;
  apiSubdomain?: string | undefined;
  redirLogin?: boolean | undefined;
  redirRegister?: boolean | undefined;
  presetEmail?: string | undefined;
  /** The stored user when the page opened (src/session getCurrentUser). */
  user: Pick<CurrentUser, 'email' | 'is_coach' | 'license'> | null;
  /**
   * Issue 19.1: the payment just made, handed over by the payment flow in memory (never in the URL, so a reload shows
   * none): the team success screen shows it at its top.
   */
  confirmation?: PaymentConfirmation | null | undefined;
  /** Issue 21 point 3: the token of a waitlist offer (`?offer=`, from the offer's e-mail), sent with the licence load. */
  offer?: string | undefined;
}

export interface LicenceContext {
  variant: LicenceVariant;
  code: string;
  claimedRegistration: boolean;
  claimedLogin: boolean;
  apiSubdomain: string | null;
  redirLogin: boolean;
  redirRegister: boolean;
  presetEmail: string | null;
  user: SessionUser | null;
  /**
   * The e-mail the team success screen asks the person to log in with: the stored user's, else preset_email (an
   * automatic claim logs out before it sends the person to the claimed page, and carries the address along).
   */
  accountEmail: string | null;
  licence: LicenceInfo | null;
  /** The payment just made, shown at the top of the team success screen (issue 19.1). */
  confirmation: PaymentConfirmation | null;
  /** The §8 text of a failed claim or user refresh, shown in the page's error area: the server's, or our fallback. */
  errorText: ShownText | null;
  /** The waitlist offer's token from the URL (issue 21 point 3), or null. */
  offer: string | null;
  /** 'Join the waitlist' was chosen (issue 21 point 3): login and register carry the intent (`waitlist`). */
  joiningWaitlist: boolean;
  /** Issue 30 point 4: the server's 'Your held spot on {team} was released.' for this family, or null. */
  released: string | null;
  /** Where the flow leaves to, set on entering a final state; the machine's output. */
  exit: LicenceExit | null;
}

export type LicenceEvent =
  | { type: 'YES' }
  | { type: 'NO' }
  | { type: 'CLAIM' }
  | { type: 'RETRY' }
  /** Issue 21 point 3: 'Join the waitlist' under 'Sorry, this license is not available.' */
  | { type: 'JOIN_WAITLIST' };

/** Where the flow leaves to; the route performs the navigation. Search keys are the target routes' (§2). */
export type LicenceExit =
  | {
      to: '/login';
      search: {
        license: string;
        step: 2;
        is_team_license?: true;
        coach?: true;
        preset_email?: string;
        waitlist?: true;
      };
    }
  | {
      to: '/register';
      search: { license: string; is_team_license: true; coach?: true; preset_email?: string; waitlist?: true };
    }
  /** Issue 21 point 3: the family's place on the licence's waitlist (joined there; a family on it sees it). */
  | { to: '/waitlist'; search: { license: string; join?: true } }
  | {
      to: '/licenses/$license';
      params: { license: string };
      search: { claimed_registration: true; preset_email?: string; api_subdomain?: string };
    }
  | { to: '/coach-claimed'; search: { license: string; api_subdomain?: string } };

/** The flag that tells login and register the licence is a coach's (§4 coach claim), or a team's (§2 Register). */
const COACH_FLAG: { coach: true } = { coach: true };
const TEAM_FLAG: { is_team_license: true } = { is_team_license: true };
/** Issue 21 point 3: after login or registration the wizard leads to /waitlist instead of the athlete steps. */
const WAITLIST_INTENT: { waitlist: true } = { waitlist: true };
/** Issue 21 point 3: /waitlist joins on arrival only with this intent (a family already on the list just sees it). */
const JOIN_INTENT: { join: true } = { join: true };

/** Yes on the welcome screen, or Claim for a visitor who asked for login (redirLogin): login at step 2 (§4). */
export function loginExit(context: LicenceContext): LicenceExit {
  return {
    to: '/login',
    search: {
      license: context.code,
      step: 2,
      ...(context.variant === 'coach' ? COACH_FLAG : TEAM_FLAG),
      ...(context.presetEmail === null ? {} : { preset_email: context.presetEmail }),
      ...(context.joiningWaitlist ? WAITLIST_INTENT : {}),
    },
  };
}

/**
 * No on the welcome screen, or Claim for a visitor: the register wizard. It works only with the team-licence flag
 * (§2 Register), so a coach's link carries it too, with `coach` telling the wizard it is a coach's registration.
 */
export function registerExit(context: LicenceContext): LicenceExit {
  return {
    to: '/register',
    search: {
      license: context.code,
      is_team_license: true,
      ...(context.variant === 'coach' ? COACH_FLAG : {}),
      ...(context.presetEmail === null ? {} : { preset_email: context.presetEmail }),
      ...(context.joiningWaitlist ? WAITLIST_INTENT : {}),
    },
  };
}

/** §4 automatic claim, status OK: the claimed page of the same licence, keeping the address for its third step. */
export function claimedPageExit(context: LicenceContext): LicenceExit {
  return {
    to: '/licenses/$license',
    params: { license: context.code },
    search: {
      claimed_registration: true,
      ...(context.accountEmail === null ? {} : { preset_email: context.accountEmail }),
      ...(context.apiSubdomain === null ? {} : { api_subdomain: context.apiSubdomain }),
    },
  };
}

/** A coach's claim went through: the claimed coach view, at an address that survives a reload after the logout. */
export function coachClaimedExit(context: LicenceContext): LicenceExit {
  return {
    to: '/coach-claimed',
    search: {
      license: context.code,
      ...(context.apiSubdomain === null ? {} : { api_subdomain: context.apiSubdomain }),
    },
  };
}

/**
 * The exit of the final state the flow enters, built from what it knows then. Final states name only the
 * destination (static params), so a structural walk of the machine (npm run paths:to) never runs this on a context
 * it did not fill in.
 */
export function exitTo(context: LicenceContext, to: LicenceExit['to']): LicenceExit {
  switch (to) {
    case '/login':
      return loginExit(context);
    case '/register':
      return registerExit(context);
    case '/licenses/$license':
      return claimedPageExit(context);
    case '/coach-claimed':
      return coachClaimedExit(context);
    case '/waitlist':
      return { to: '/waitlist', search: { license: context.code, ...(context.joiningWaitlist ? JOIN_INTENT : {}) } };
  }
}

export function sessionUser(user: LicenceInput['user']): SessionUser | null {
  if (user === null) return null;
  return { email: user.email, isCoach: user.is_coach, licenceCode: user.license?.license_code ?? null };
}
