/**
 * The create-athlete form (spec §2 Create athlete form, §3 New athlete payload, §5 Create athlete): 'Create Account'
 * is enabled when first name, last name, relationship (the custom text for 'Other'), username, password and confirm
 * password are filled, and the phone, if entered, has 10 digits. The view's field errors and the athlete steps'
 * CREATE_ATHLETE guard read this schema.
 *
 * The form refuses exactly what POST /api/auth/register-athlete refuses (issue 19 point 3): the username rules
 * (USERNAME_RULES, at least 7 characters, §5 'Must contain 7 characters long.'), the relationship's and the name's
 * length, the optional e-mail's format, the password's length and its confirmation (./password.ts) and the phone's
 * length, characters and digits (./phone.ts) are these constants, which server/routes/auth.ts and
 * server/http/openapi.ts build their schemas from, with the same texts.
 */
import { z } from 'zod/mini';
import type { FormKey } from '../form-schema.ts';
import { joinName } from '../names.ts';
import { relationshipToSend } from '../relationships.ts';
import { namePart } from './guardian.ts';
import { confirmationMatches, newPassword, passwordConfirmation } from './password.ts';
import { optionalPhone } from './phone.ts';

/** The create-athlete form's fields as typed (§3 New athlete payload). */
// A type alias, not an interface: it then fits useForm's Record<string, string> without an index signature.
export type NewAthleteFormValues = {
  firstName: string;
  lastName: string;
  relationship: string;
  customRelationship: string;
  username: string;
  password: string;
  confirmPassword: string;
  email: string;
  phone: string;
};

/** The messages are keys of the `form` catalogue group, whose texts state the limits below (forms.test.ts checks). */
export const ATHLETE_FIRST_NAME_REQUIRED = 'form.athleteFirstNameRequired' satisfies FormKey;
export const ATHLETE_LAST_NAME_REQUIRED = 'form.athleteLastNameRequired' satisfies FormKey;
export const RELATIONSHIP_REQUIRED = 'form.relationshipRequired' satisfies FormKey;
export const USERNAME_REQUIRED = 'form.usernameRequired' satisfies FormKey;
export const OPTIONAL_PHONE_INCOMPLETE = 'form.optionalPhoneIncomplete' satisfies FormKey;

/** The athlete username the server accepts, judged on the trimmed value (it stores the trimmed one). */
export const USERNAME_RULES = { minLength: 7, maxLength: 64, pattern: /^[A-Za-z0-9._-]+$/ } as const;
export const USERNAME_TOO_SHORT = 'form.usernameTooShort' satisfies FormKey;
export const USERNAME_TOO_LONG = 'form.usernameTooLong' satisfies FormKey;
export const USERNAME_CHARACTERS = 'form.usernameCharacters' satisfies FormKey;

/** The longest relationship the server stores (the custom text typed for 'Other'). */
export const RELATIONSHIP_MAX_LENGTH = 64;
export const RELATIONSHIP_TOO_LONG = 'form.relationshipTooLong' satisfies FormKey;

/** An optional e-mail, checked as the server checks it (zod's e-mail format, at most 254 characters). */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_INVALID = 'form.emailInvalid' satisfies FormKey;
/**
 * zod's own e-mail pattern (the one `z.email()` checks with), tested directly: `z.email()`'s schema would add its
 * string-format code to the app shell every page loads.
 */
const emailFormat = z.regexes.email;
const optionalEmail = z
  .string()
  .check(
    z.refine(
      (value) => value.trim() === '' || (value.trim().length <= EMAIL_MAX_LENGTH && emailFormat.test(value.trim())),
      EMAIL_INVALID,
    ),
  );

/** The longest name (first plus last, as sent) the server stores. */
export const NAME_MAX_LENGTH = 255;
export const NAME_TOO_LONG = 'form.nameTooLong' satisfies FormKey;

/** Required first; then, once something is typed, long enough, short enough and of the allowed characters. */
const username = z.string().check(
  z.refine((value) => value.trim() !== '', USERNAME_REQUIRED),
  z.refine((value) => value.trim() === '' || value.trim().length >= USERNAME_RULES.minLength, USERNAME_TOO_SHORT),
  z.refine((value) => value.trim().length <= USERNAME_RULES.maxLength, USERNAME_TOO_LONG),
  z.refine((value) => value.trim() === '' || USERNAME_RULES.pattern.test(value.trim()), USERNAME_CHARACTERS),
);

export const createAthleteSchema = z
  .object({
    firstName: namePart(ATHLETE_FIRST_NAME_REQUIRED),
    lastName: namePart(ATHLETE_LAST_NAME_REQUIRED),
    relationship: z.string(),
    customRelationship: z.string(),
    username,
    password: newPassword,
    confirmPassword: passwordConfirmation,
    email: optionalEmail,
    phone: optionalPhone(OPTIONAL_PHONE_INCOMPLETE),
  })
  .check(
    // 'Other' needs its typed relationship; reported where the person types it.
    z.refine((values) => relationshipToSend(values.relationship, values.customRelationship) !== null, {
      message: RELATIONSHIP_REQUIRED,
      path: ['customRelationship'],
      when: ({ value }) => typeof value === 'object' && value !== null,
    }),
    z.refine(
      (values) =>
        (relationshipToSend(values.relationship, values.customRelationship)?.length ?? 0) <= RELATIONSHIP_MAX_LENGTH,
      {
        message: RELATIONSHIP_TOO_LONG,
        path: ['customRelationship'],
        when: ({ value }) => typeof value === 'object' && value !== null,
      },
    ),
    z.refine((values) => (joinName(values.firstName, values.lastName)?.length ?? 0) <= NAME_MAX_LENGTH, {
      message: NAME_TOO_LONG,
      path: ['lastName'],
      when: ({ value }) => typeof value === 'object' && value !== null,
    }),
    confirmationMatches,
  );
