/**
 * The console's 'Grant an exception' form (issue 32 point 1; owners and registrars, on a team with an age rule):
 * POST /api/admin/teams/{team_id}/eligibility-exceptions with the athlete's username, or a guardian's e-mail and the
 * athlete's name, and the reason. The server validates its own schema (server/routes/eligibility.ts) and finds the
 * athlete (server/services/eligibility/exceptions.ts).
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';

export const EXCEPTION_ATHLETE_NEEDED = 'form.exceptionAthleteNeeded' satisfies FormKey;
export const EXCEPTION_REASON_NEEDED = 'form.exceptionReasonNeeded' satisfies FormKey;

// A type alias, not an interface: it then fits useForm's Record<string, string>.
export type AdminExceptionValues = {
  athlete_username: string;
  guardian_email: string;
  athlete_name: string;
  reason: string;
};

export const EMPTY_ADMIN_EXCEPTION: AdminExceptionValues = {
  athlete_username: '',
  guardian_email: '',
  athlete_name: '',
  reason: '',
};

export type AdminExceptionBody =
  | { athlete_username: string; reason: string }
  | { guardian_email: string; athlete_name: string; reason: string };

/** The body of the values: the username when given, else the guardian's e-mail and the athlete's name. */
function bodyOf(values: AdminExceptionValues): AdminExceptionBody {
  const reason = values.reason.trim();
  const username = values.athlete_username.trim();
  if (username !== '') return { athlete_username: username, reason };
  return { guardian_email: values.guardian_email.trim(), athlete_name: values.athlete_name.trim(), reason };
}

/** The form's schema: an athlete named one way or the other, and a reason (errors on the fields they belong to). */
export const adminExceptionFormSchema = z.pipe(
  z.transform((values: AdminExceptionValues) => bodyOf(values)),
  z.custom<AdminExceptionBody>().check(
    z.refine((body) => 'athlete_username' in body || (body.guardian_email.length > 0 && body.athlete_name.length > 0), {
      message: EXCEPTION_ATHLETE_NEEDED,
      path: ['athlete_username'],
    }),
    z.refine((body) => body.reason.length > 0 && body.reason.length <= 500, {
      message: EXCEPTION_REASON_NEEDED,
      path: ['reason'],
    }),
  ),
);
