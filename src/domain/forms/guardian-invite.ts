/**
 * The 'Invite a guardian' form of /household (issue 20 point 4): the other guardian's name, e-mail and relationship
 * (the create-athlete form's choices, 'Other' revealing a typed relationship). One schema judges the form, guards the
 * household machine's SEND_INVITE and decides the payload (`toGuardianInvitePayload`), so the machine never sends what
 * the form refuses; the rules are the ones the create-athlete form and POST /api/household/invites share: a name that
 * survives §5 cleaning, at most NAME_MAX_LENGTH; an e-mail in zod's format, at most EMAIL_MAX_LENGTH; a relationship
 * from src/domain/relationships.ts, at most RELATIONSHIP_MAX_LENGTH.
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import { cleanName } from '../names.ts';
import { DEFAULT_RELATIONSHIP, relationshipToSend } from '../relationships.ts';
import {
  EMAIL_INVALID,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NAME_TOO_LONG,
  RELATIONSHIP_MAX_LENGTH,
  RELATIONSHIP_REQUIRED,
  RELATIONSHIP_TOO_LONG,
} from './create-athlete.ts';
import { EMAIL_REQUIRED, namePart } from './guardian.ts';

/** The form's fields as typed. */
// A type alias, not an interface: it then fits useForm's Record<string, string> without an index signature.
export type GuardianInviteValues = {
  name: string;
  email: string;
  relationship: string;
  customRelationship: string;
};

export const INVITE_NAME_REQUIRED = 'form.inviteNameRequired' satisfies FormKey;

/** The form as it opens: empty, the relationship preselected as on the create-athlete form. */
export const EMPTY_GUARDIAN_INVITE: GuardianInviteValues = {
  name: '',
  email: '',
  relationship: DEFAULT_RELATIONSHIP,
  customRelationship: '',
};

/**
 * zod's own e-mail pattern (the one `z.email()` checks with), tested directly: `z.email()`'s schema would add its
 * string-format code to the app shell every page loads.
 */
const emailFormat = z.regexes.email;
const when = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null;

export const guardianInviteSchema = z
  .object({
    name: namePart(INVITE_NAME_REQUIRED).check(
      z.refine((value) => cleanName(value).length <= NAME_MAX_LENGTH, NAME_TOO_LONG),
    ),
    email: z.string().check(
      z.refine((value) => value.trim() !== '', EMAIL_REQUIRED),
      z.refine(
        (value) => value.trim() === '' || (value.trim().length <= EMAIL_MAX_LENGTH && emailFormat.test(value.trim())),
        EMAIL_INVALID,
      ),
    ),
    relationship: z.string(),
    customRelationship: z.string(),
  })
  .check(
    // 'Other' needs its typed relationship; reported where the person types it (as the create-athlete form does).
    z.refine((values) => relationshipToSend(values.relationship, values.customRelationship) !== null, {
      message: RELATIONSHIP_REQUIRED,
      path: ['customRelationship'],
      when,
    }),
    z.refine(
      (values) =>
        (relationshipToSend(values.relationship, values.customRelationship)?.length ?? 0) <= RELATIONSHIP_MAX_LENGTH,
      { message: RELATIONSHIP_TOO_LONG, path: ['customRelationship'], when },
    ),
  );

/** The body of POST /api/household/invites for a valid form, else null: the cleaned name, the trimmed e-mail. */
export function toGuardianInvitePayload(
  values: GuardianInviteValues,
): { name: string; email: string; relationship: string } | null {
  const relationship = relationshipToSend(values.relationship, values.customRelationship);
  if (relationship === null || !guardianInviteSchema.safeParse(values).success) return null;
  return { name: cleanName(values.name), email: values.email.trim(), relationship };
}
