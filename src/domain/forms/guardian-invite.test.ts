import { describe, expect, it } from 'vitest';
import { formErrors, isValidForm } from '../form-schema';
import { EMAIL_INVALID, NAME_TOO_LONG, RELATIONSHIP_REQUIRED, RELATIONSHIP_TOO_LONG } from './create-athlete';
import { EMAIL_REQUIRED } from './guardian';
import {
  EMPTY_GUARDIAN_INVITE,
  type GuardianInviteValues,
  guardianInviteSchema,
  INVITE_NAME_REQUIRED,
  toGuardianInvitePayload,
} from './guardian-invite';

const valid: GuardianInviteValues = {
  name: '  Robin   Lee ',
  email: ' robin@example.com ',
  relationship: 'Aunt',
  customRelationship: '',
};

describe('the invite-a-guardian form', () => {
  it('opens empty with the create-athlete form’s default relationship', () => {
    expect(EMPTY_GUARDIAN_INVITE).toEqual({ name: '', email: '', relationship: 'Mother', customRelationship: '' });
    expect(formErrors(guardianInviteSchema, EMPTY_GUARDIAN_INVITE)).toEqual({
      name: INVITE_NAME_REQUIRED,
      email: EMAIL_REQUIRED,
    });
  });

  it('sends the cleaned name, the trimmed e-mail and the chosen relationship', () => {
    expect(isValidForm(guardianInviteSchema, valid)).toBe(true);
    expect(toGuardianInvitePayload(valid)).toEqual({
      name: 'Robin Lee',
      email: 'robin@example.com',
      relationship: 'Aunt',
    });
  });

  it("needs the typed relationship for 'Other', title-cased as on the create-athlete form", () => {
    const other = { ...valid, relationship: 'Other' };
    expect(formErrors(guardianInviteSchema, other)).toEqual({ customRelationship: RELATIONSHIP_REQUIRED });
    expect(toGuardianInvitePayload(other)).toBeNull();
    expect(toGuardianInvitePayload({ ...other, customRelationship: ' step  mother ' })?.relationship).toBe(
      'Step Mother',
    );
    expect(formErrors(guardianInviteSchema, { ...other, customRelationship: 'x'.repeat(65) })).toEqual({
      customRelationship: RELATIONSHIP_TOO_LONG,
    });
  });

  it('refuses an e-mail out of format or too long, a name of punctuation only or too long', () => {
    expect(formErrors(guardianInviteSchema, { ...valid, email: 'robin@' })).toEqual({ email: EMAIL_INVALID });
    expect(formErrors(guardianInviteSchema, { ...valid, email: `${'a'.repeat(250)}@x.io` })).toEqual({
      email: EMAIL_INVALID,
    });
    expect(formErrors(guardianInviteSchema, { ...valid, name: ' .- ' })).toEqual({ name: INVITE_NAME_REQUIRED });
    expect(formErrors(guardianInviteSchema, { ...valid, name: 'a'.repeat(256) })).toEqual({ name: NAME_TOO_LONG });
    expect(toGuardianInvitePayload({ ...valid, email: 'robin@' })).toBeNull();
  });
});
