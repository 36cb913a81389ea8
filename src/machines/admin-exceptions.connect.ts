/**
 * The views' window on admin-exceptions.machine.ts (issue 32 point 1): the disclosure's state and one row per
 * exception granted on the team (athlete, reason, who granted it, when: a date in the language in use).
 * Views import the machine only through this module (biome.json, noRestrictedImports).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { t } from '../i18n/runtime';
import type { adminExceptionsMachine } from './admin-exceptions.machine';
import { consoleInstant } from './admin-setup.connect';
import { disclosureOf } from './disclosure.connect';

export { adminExceptionsMachine } from './admin-exceptions.machine';
export type AdminExceptionsActorRef = ActorRefFrom<typeof adminExceptionsMachine>;

export interface ExceptionRow {
  id: number;
  athlete: string;
  reason: string;
  grantedBy: string;
  grantedAt: string;
}

/** What the set-up page shows of a team's exceptions (call it while rendering: texts in the language in use). */
export function adminExceptionsScreenOf(snapshot: SnapshotFrom<typeof adminExceptionsMachine>) {
  const rows: ExceptionRow[] = (snapshot.context.eligibility?.exceptions ?? []).map((exception) => ({
    id: exception.id,
    athlete:
      exception.athlete.username === null
        ? exception.athlete.name
        : t('ageExceptions.athleteWithUsername', {
            name: exception.athlete.name,
            username: exception.athlete.username,
          }),
    reason: exception.reason,
    grantedBy: exception.granted_by?.name ?? t('ageExceptions.formerStaff'),
    grantedAt: consoleInstant(exception.granted_at, false),
  }));
  return { ...disclosureOf(snapshot), rows };
}
