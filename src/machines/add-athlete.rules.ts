/**
 * Issue 20 point 1: on the payment page's 'Add another athlete' the guardian may register the added athlete for
 * another team of the same organization, by that team's licence code (the code of its registration link). This is
 * the rule add-athlete.machine.ts applies to the licence the server describes (GET /api/registration-link/info/{code})
 * before the athlete steps claim it: the family checkout is one organization's (docs/api.md, Family checkout).
 */
import type { LicenceInfo } from '../api/schemas';
import type { Message } from '../i18n/runtime';

/**
 * What the add flow says when it refuses another team's licence, as catalogue messages (issue 31): 'Registration has
 * been paused by the organization.' and 'Sorry, this license is not available.' (spec §2's licence page texts), "This
 * is a coach license: enter the code of a team's registration link." and 'This team belongs to another club: register
 * with its own link.'.
 */
export const TEAM_LICENCE_TEXTS = {
  paused: { key: 'payment.teamPaused' },
  unavailable: { key: 'payment.licenceNotAvailable' },
  coach: { key: 'payment.teamCoach' },
  otherClub: { key: 'payment.teamOtherClub' },
} as const satisfies Record<string, Message>;

export type TeamLicenceRefusal = (typeof TEAM_LICENCE_TEXTS)[keyof typeof TEAM_LICENCE_TEXTS];

/** Another team's licence and the payment page's, as the server describes them. */
export interface TeamLicences {
  team: LicenceInfo;
  page: LicenceInfo;
}

/**
 * Why another team's licence cannot be used in this checkout, or null when it can: a coach licence is no team's;
 * a licence of another organization than the page's (or one the server names none for) cannot join this
 * organization's checkout; a paused licence and one with no seat left are refused with the licence page's texts.
 */
export function teamLicenceRefusal({ team, page }: TeamLicences): TeamLicenceRefusal | null {
  if (team.is_coach) return TEAM_LICENCE_TEXTS.coach;
  if (team.organization_id === null || team.organization_id !== page.organization_id) {
    return TEAM_LICENCE_TEXTS.otherClub;
  }
  if (team.paused) return TEAM_LICENCE_TEXTS.paused;
  if (!team.available || team.available_licenses === 0) return TEAM_LICENCE_TEXTS.unavailable;
  return null;
}
