/**
 * The texts of a full team's waitlist on /waitlist (issue 21 point 3), as the `waitlist` catalogue group's messages
 * (src/i18n/catalogues/en/waitlist.json). The issue gives "You're on the waitlist for {team}." word for word; the
 * others say what it describes in the product's voice.
 */
import type { Message } from '../i18n/runtime';

export function onWaitlistText(team: string): Message {
  return { key: 'waitlist.onList', params: { team } };
}

/** 'You are next on the list.' or 'You are number 3 on the list.' */
export function positionText(position: number): Message {
  return position === 1
    ? { key: 'waitlist.positionNext' }
    : { key: 'waitlist.position', params: { position: String(position) } };
}

/** /waitlist, while an offer is open for the family: `until` is the hold's end, formatted for the language in use. */
export function heldOnListText(until: string): Message {
  return { key: 'waitlist.heldUntil', params: { until } };
}

export function leftWaitlistText(team: string): Message {
  return { key: 'waitlist.left', params: { team } };
}

/** /waitlist for a family not (or no longer) on the list, e.g. a reload after leaving. */
export function notOnWaitlistText(team: string): Message {
  return { key: 'waitlist.notOnList', params: { team } };
}
