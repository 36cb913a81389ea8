/**
 * The create-athlete form (spec §2 Create athlete form, §3 New athlete payload, §5 Create athlete): 'Create Account'
 * is enabled when first name, last name, relationship (the custom text for 'Other'), username, password and confirm
 * password are filled, and the phone, if entered, has 10 digits. The view's field errors and the athlete steps'
 * CREATE_ATHLETE guard read this schema.
 */
import { z } from 'zod/mini';
import { isValidPhone, PHONE_MASK } from '../phone.ts';
import { relationshipToSend } from '../relationships.ts';
import { namePart } from './guardian.ts';
import { CONFIRM_PASSWORD_REQUIRED, PASSWORD_REQUIRED } from './password.ts';

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

export const ATHLETE_FIRST_NAME_REQUIRED = 'Athlete first name is required.';
export const ATHLETE_LAST_NAME_REQUIRED = 'Athlete last name is required.';
export const RELATIONSHIP_REQUIRED = 'Relationship is required.';
export const USERNAME_REQUIRED = 'Username is required.';
export const OPTIONAL_PHONE_INCOMPLETE = `Phone must have 10 digits (${PHONE_MASK}) when entered.`;

export const createAthleteSchema = z
  .object({
    firstName: namePart(ATHLETE_FIRST_NAME_REQUIRED),
    lastName: namePart(ATHLETE_LAST_NAME_REQUIRED),
    relationship: z.string(),
    customRelationship: z.string(),
    username: z.string().check(z.refine((value) => value.trim() !== '', USERNAME_REQUIRED)),
    password: z.string().check(z.refine((value) => value !== '', PASSWORD_REQUIRED)),
    confirmPassword: z.string().check(z.refine((value) => value !== '', CONFIRM_PASSWORD_REQUIRED)),
    email: z.string(),
    phone: z.string().check(z.refine((value) => isValidPhone(value, { optional: true }), OPTIONAL_PHONE_INCOMPLETE)),
  })
  .check(
    // 'Other' needs its typed relationship; reported where the person types it.
    z.refine((values) => relationshipToSend(values.relationship, values.customRelationship) !== null, {
      message: RELATIONSHIP_REQUIRED,
      path: ['customRelationship'],
      when: ({ value }) => typeof value === 'object' && value !== null,
    }),
  );
