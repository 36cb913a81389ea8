/**
 * The views' window on birth-dates.machine.ts (/payments, issue 32): the athletes whose date of birth is known, each
 * with its date in the language in use and whether it is locked, the one being changed with its field's message.
 * Views import the machine only through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { formatDisplayDate } from '../domain/dates';
import { intlLocale, t } from '../i18n/runtime';
import type { birthDatesMachine } from './birth-dates.machine';

export type BirthDatesActorRef = ActorRefFrom<typeof birthDatesMachine>;
export type BirthDatesSnapshot = SnapshotFrom<typeof birthDatesMachine>;

export interface BirthDateRow {
  id: number;
  name: string;
  /** The date of birth as people write it ('May 1, 2015'). */
  date: string;
  /** The date as the field takes it (`YYYY-MM-DD`). */
  value: string;
  locked: boolean;
  /** This athlete's field is open. */
  editing: boolean;
  /** The field's message (not a real date, or the server's refusal), else null. */
  error: string | null;
  saved: boolean;
}

/** What /payments shows of the dates of birth (call it while rendering: texts in the language in use). */
export function birthDatesScreenOf(snapshot: BirthDatesSnapshot) {
  const { athletes, athleteId, refusal, error } = snapshot.context;
  const open =
    snapshot.matches('editing') ||
    snapshot.matches('invalid') ||
    snapshot.matches('refused') ||
    snapshot.matches('saving');
  const fieldError = snapshot.matches('invalid')
    ? t('birthDates.invalid')
    : snapshot.matches('refused')
      ? refusal
      : null;
  const rows: BirthDateRow[] = athletes.flatMap((athlete) =>
    athlete.birth_date === null
      ? []
      : [
          {
            id: athlete.id,
            name: athlete.name,
            date: formatDisplayDate(athlete.birth_date, 'long', intlLocale()),
            value: athlete.birth_date,
            locked: athlete.birth_date_locked,
            editing: open && athlete.id === athleteId,
            error: athlete.id === athleteId ? fieldError : null,
            saved: snapshot.matches('saved') && athlete.id === athleteId,
          },
        ],
  );
  return {
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    errorText: error,
    busy: snapshot.hasTag('busy'),
    lockedText: snapshot.matches('lockedMeanwhile') ? refusal : null,
    rows,
  };
}
