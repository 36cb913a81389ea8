import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../api/errors';
import type { CreatedInvite, Household, HouseholdAnswer } from '../api/household-invites.schemas';
import { text } from '../i18n/runtime';
import {
  canCancelInvite,
  canRemove,
  canSendInvite,
  householdView,
  inviteExpiry,
  inviteFormView,
} from './household.connect';
import { guardianName, householdMachine } from './household.machine';

const household: Household = {
  guardians: [
    { id: 1, name: 'Pat Rivera', email: 'parent@example.com', relationship: 'Mother', is_you: true },
    { id: 2, name: null, email: 'coparent@example.com', relationship: null, is_you: false },
  ],
  invites: [
    { id: 7, name: 'Robin Lee', email: 'Robin@Example.com', relationship: 'Aunt', expires_at: '2027-03-08T23:30:00Z' },
  ],
};
const values = { name: 'Robin Lee', email: 'robin@example.com', relationship: 'Other', customRelationship: 'aunt' };

function start(invite: () => Promise<CreatedInvite>) {
  const machine = householdMachine.provide({
    actors: {
      household: fromPromise(async (): Promise<HouseholdAnswer> => ({ household })),
      sendInvite: fromPromise(invite),
      cancelInvite: fromPromise(async (): Promise<void> => {}),
      removeGuardian: fromPromise(async (): Promise<HouseholdAnswer> => ({ household })),
    },
  });
  return createActor(machine).start();
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('household view models', () => {
  it('names a guardian without a name by the e-mail', () => {
    expect(guardianName({ name: null, email: 'x@example.com' })).toBe('x@example.com');
    expect(guardianName({ name: ' ', email: 'x@example.com' })).toBe('x@example.com');
  });

  it('lists the rows, keeps them between snapshots, and dates an invite by its UTC day', async () => {
    const actor = start(() => new Promise(() => {}));
    expect(householdView(actor.getSnapshot())).toMatchObject({ screen: 'loading', busy: true });
    await settle();
    const view = householdView(actor.getSnapshot());
    expect(view.screen).toBe('household');
    expect(view.guardians).toEqual([
      { id: 1, name: 'Pat Rivera', email: 'parent@example.com', relationship: 'Mother', isYou: true },
      { id: 2, name: 'coparent@example.com', email: 'coparent@example.com', relationship: null, isYou: false },
    ]);
    expect(view.invites[0] && inviteExpiry(view.invites[0])).toBe('Expires Mar 8, 2027');
    actor.send({ type: 'REMOVE', guardianId: 2 });
    expect(householdView(actor.getSnapshot()).guardians).toBe(view.guardians);
    const question = householdView(actor.getSnapshot()).confirmQuestion;
    expect(question && text(question)).toBe('Remove coparent@example.com?');
  });

  it('offers Remove beside another guardian only, and nothing while the question is open', async () => {
    const actor = start(() => new Promise(() => {}));
    await settle();
    expect(canRemove(actor.getSnapshot(), 1)).toBe(false);
    expect(canRemove(actor.getSnapshot(), 2)).toBe(true);
    expect(canCancelInvite(actor.getSnapshot(), 7)).toBe(true);
    actor.send({ type: 'REMOVE', guardianId: 2 });
    expect(canRemove(actor.getSnapshot(), 2)).toBe(false);
    expect(canCancelInvite(actor.getSnapshot(), 7)).toBe(false);
    expect(canSendInvite(actor.getSnapshot(), values)).toBe(false);
  });

  it('puts a refused invite’s messages at their fields: the relationship where it was typed', async () => {
    const refusal = new ApiError({
      kind: 'http',
      status: 422,
      message: 'The given data was invalid.',
      messages: { email: ['You cannot invite yourself.'], relationship: ['The relationship is invalid.'] },
    });
    const actor = start(() => Promise.reject(refusal));
    await settle();
    actor.send({ type: 'SEND_INVITE', values });
    expect(inviteFormView(actor.getSnapshot(), 'Other').busy).toBe(true);
    await settle();
    const typed = inviteFormView(actor.getSnapshot(), 'Other');
    expect(typed.error).toBe('You cannot invite yourself.\nThe relationship is invalid.');
    expect(typed.fieldErrors).toEqual({
      email: 'You cannot invite yourself.',
      customRelationship: 'The relationship is invalid.',
    });
    expect(inviteFormView(actor.getSnapshot(), 'Aunt').fieldErrors).toEqual({
      email: 'You cannot invite yourself.',
      relationship: 'The relationship is invalid.',
    });
    // The same object while nothing changed (views compare shallowly).
    expect(inviteFormView(actor.getSnapshot(), 'Other').fieldErrors).toBe(typed.fieldErrors);
  });

  it('replaces a pending invite to the same address, whatever its case, and empties the form', async () => {
    const answer: CreatedInvite = {
      invite: {
        id: 9,
        name: 'Robin Lee',
        email: 'robin@example.com',
        relationship: 'Aunt',
        expires_at: '2027-03-10T00:00:00Z',
      },
    };
    const actor = start(async () => answer);
    await settle();
    actor.send({ type: 'SEND_INVITE', values });
    await settle();
    const view = householdView(actor.getSnapshot());
    expect(view.invites.map((invite) => invite.id)).toEqual([9]);
    expect(view.formKey).toBe(1);
    const sent = inviteFormView(actor.getSnapshot(), 'Mother').sent;
    expect(sent && text(sent)).toBe('Invite sent to robin@example.com.');
  });
});
