import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import type { Household, HouseholdInvite } from '../src/api/household-invites.schemas';
import { currentUserSchema } from '../src/api/schemas';
import { currentUser as wireUser } from '../src/api/wire-samples';
import type { GuardianInviteValues } from '../src/domain/forms/guardian-invite';
import type { HouseholdActorRef } from '../src/machines/household.connect';
import { householdMachine } from '../src/machines/household.machine';
import { getCurrentUser, setCurrentUser } from '../src/session/current-user';
import { HouseholdFlow } from '../src/views/household/household-flow';
import { type Driver, defineModel, doneEvent, errorEvent, isRefused, runPaths, snapshotAt } from './harness/index.ts';

const stored = currentUserSchema.parse({ ...wireUser, token: 'session-token' });

const pat = { id: 1, name: 'Pat Rivera', email: 'parent@example.com', relationship: 'Mother', is_you: true };
const jamie = { id: 2, name: 'Jamie Rivera', email: 'coparent@example.com', relationship: 'Father', is_you: false };
const robin: HouseholdInvite = {
  id: 7,
  name: 'Robin Lee',
  email: 'robin@example.com',
  relationship: 'Aunt',
  expires_at: '2027-03-08T12:00:00.000Z',
};
const casey: HouseholdInvite = {
  id: 8,
  name: 'Casey Rivera',
  email: 'casey@example.com',
  relationship: 'Grandmother',
  expires_at: '2027-03-09T12:00:00.000Z',
};
const household: Household = { guardians: [pat, jamie], invites: [robin] };
const withoutJamie: Household = { guardians: [pat], invites: [robin] };

const inviteValues: GuardianInviteValues = {
  name: 'Casey Rivera',
  email: 'casey@example.com',
  relationship: 'Other',
  customRelationship: 'grandmother',
};

const unavailable = new ApiError({ kind: 'http', status: 503, message: 'The service is unavailable. Try again soon.' });
const unauthenticated = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });
const ALREADY_GUARDIAN = 'This person is already a guardian of your household.';
const inviteRefused = new ApiError({
  kind: 'http',
  status: 422,
  message: ALREADY_GUARDIAN,
  messages: { email: [ALREADY_GUARDIAN] },
});
const inviteGone = new ApiError({ kind: 'http', status: 404, message: 'Invite not found.' });
const guardianGone = new ApiError({ kind: 'http', status: 404, message: 'Guardian not found.' });

beforeEach(() => {
  setCurrentUser(stored);
});

const model = defineModel({
  machine: householdMachine,
  events: {
    RETRY: [{ type: 'RETRY' }],
    SEND_INVITE: [{ type: 'SEND_INVITE', values: inviteValues }],
    CANCEL_INVITE: (snapshot) =>
      (snapshot.context.household?.invites ?? []).map((invite) => ({
        type: 'CANCEL_INVITE' as const,
        inviteId: invite.id,
      })),
    REMOVE: (snapshot) =>
      (snapshot.context.household?.guardians ?? [])
        .filter((guardian) => !guardian.is_you)
        .map((guardian) => ({ type: 'REMOVE' as const, guardianId: guardian.id })),
    CONFIRM_REMOVE: [{ type: 'CONFIRM_REMOVE' }],
    KEEP: [{ type: 'KEEP' }],
    'xstate.done.actor.household': [doneEvent('household', { household })],
    'xstate.error.actor.household': [errorEvent('household', unavailable), errorEvent('household', unauthenticated)],
    'xstate.done.actor.sendInvite': [doneEvent('sendInvite', { invite: casey })],
    'xstate.error.actor.sendInvite': [errorEvent('sendInvite', inviteRefused)],
    'xstate.done.actor.cancelInvite': [doneEvent('cancelInvite', undefined)],
    'xstate.error.actor.cancelInvite': [errorEvent('cancelInvite', inviteGone)],
    'xstate.done.actor.removeGuardian': [doneEvent('removeGuardian', { household: withoutJamie })],
    'xstate.error.actor.removeGuardian': [errorEvent('removeGuardian', guardianGone)],
  },
  // Which guardians and invites are listed decides what can be canceled and removed.
  context: ['household', 'errorText'],
  states: {
    sendingInvite: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({
        id: 'sendInvite',
        // The form's values as the schema sends them: 'Other' becomes the typed relationship, title-cased.
        input: { name: 'Casey Rivera', email: 'casey@example.com', relationship: 'Grandmother' },
      }),
    cancelingInvite: (snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'cancelInvite', input: snapshot.context.cancelingId }),
    removingGuardian: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'removeGuardian', input: jamie.id }),
    'ready.invited': (snapshot) => {
      // The new invite is listed once, after the others to other addresses.
      expect(snapshot.context.household?.invites.filter((invite) => invite.email === casey.email)).toEqual([casey]);
      expect(snapshot.context.invitedEmail).toBe(casey.email);
    },
    'ready.canceled': (snapshot) =>
      expect(snapshot.context.household?.invites.map((invite) => invite.id)).not.toContain(
        snapshot.context.cancelingId,
      ),
    'ready.removed': (snapshot) => expect(snapshot.context.household).toEqual(withoutJamie),
    toLogin: (snapshot) => {
      expect(getCurrentUser()).toBeNull();
      expect(snapshot.output).toEqual({ to: '/login', search: { returnUrl: '/household' } });
    },
  },
});

function inviteNameOf(actor: HouseholdActorRef, inviteId: number): string {
  const invite = actor.getSnapshot().context.household?.invites.find((candidate) => candidate.id === inviteId);
  if (!invite) throw new Error(`No invite ${inviteId} is listed.`);
  return invite.name;
}

function guardianNameOf(actor: HouseholdActorRef, guardianId: number): string {
  const guardian = actor.getSnapshot().context.household?.guardians.find((candidate) => candidate.id === guardianId);
  if (!guardian?.name) throw new Error(`No guardian ${guardianId} is listed.`);
  return guardian.name;
}

const driver: Driver<typeof householdMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  SEND_INVITE: async (event, { user }) => {
    // After a refusal the form keeps what was typed; a person retyping starts from empty fields.
    for (const label of ['Name', 'E-mail']) await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText('Name'), event.values.name);
    await user.type(screen.getByLabelText('E-mail'), event.values.email);
    await user.selectOptions(screen.getByLabelText('Relationship'), event.values.relationship);
    const custom = screen.getByLabelText('Type Relationship Here');
    await user.clear(custom);
    await user.type(custom, event.values.customRelationship);
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
  },
  CANCEL_INVITE: async (event, { user, actor }) =>
    user.click(screen.getByRole('button', { name: `Cancel invite for ${inviteNameOf(actor, event.inviteId)}` })),
  REMOVE: async (event, { user, actor }) =>
    user.click(screen.getByRole('button', { name: `Remove ${guardianNameOf(actor, event.guardianId)}` })),
  CONFIRM_REMOVE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Yes' })),
  KEEP: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'No' })),
};

async function renderInRouter(actor: HouseholdActorRef) {
  // The page links to /payments, so it renders inside a router.
  const rootRoute = createRootRoute({ component: () => <HouseholdFlow actorRef={actor} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/household'] }),
  });
  await router.load();
  return render(<RouterProvider router={router} />);
}

function guardianItems() {
  const list = screen.getByRole('region', { name: 'Guardians' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

function expectHousehold(snapshot: ReturnType<HouseholdActorRef['getSnapshot']>) {
  expect(screen.getByRole('heading', { level: 1, name: 'Your household' })).toBeTruthy();
  const listed = snapshot.context.household;
  if (!listed) throw new Error('The household is not loaded.');
  // Each guardian: name, '(you)' for the caller, e-mail, relationship; 'Remove' only beside another guardian.
  expect(guardianItems()).toEqual(
    listed.guardians.map((guardian) =>
      guardian.is_you
        ? `${guardian.name} (you)${guardian.email}${guardian.relationship}`
        : `${guardian.name}${guardian.email}${guardian.relationship}Remove`,
    ),
  );
  expect(screen.queryByRole('button', { name: 'Remove Pat Rivera' })).toBeNull();
  const invites = screen.getByRole('region', { name: 'Pending invites' });
  for (const invite of listed.invites) {
    expect(within(invites).getByText(invite.name)).toBeTruthy();
    expect(within(invites).getByText(invite.email)).toBeTruthy();
    expect(within(invites).getByRole('button', { name: `Cancel invite for ${invite.name}` })).toBeTruthy();
  }
  if (listed.invites.length === 0) expect(within(invites).getByText('No pending invites.')).toBeTruthy();
  expect(screen.getByRole('form', { name: 'Invite a guardian' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to your payments' }).getAttribute('href')).toBe('/payments');
}

function isDisabled(name: string): boolean {
  const button = screen.getByRole('button', { name });
  return button instanceof HTMLButtonElement && button.disabled;
}

runPaths({
  uiPaths: 'covering',
  model,
  uiRun: {
    name: 'household driver',
    render: ({ actor }) => renderInRouter(actor),
    driver,
    states: {
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading your household…'),
      error: () => expect(screen.getByRole('alert').textContent).toBe('The service is unavailable. Try again soon.'),
      ready: ({ snapshot }) => expectHousehold(snapshot),
      'ready.idle': () => {
        expect(screen.queryByRole('alert')).toBeNull();
        expect(screen.queryByRole('group', { name: /^Remove / })).toBeNull();
      },
      confirmingRemove: ({ snapshot }) => {
        expectHousehold(snapshot);
        const question = screen.getByRole('group', { name: 'Remove Jamie Rivera?' });
        // The safe answer has the focus.
        expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'No' }));
        expect(isDisabled('Yes')).toBe(false);
        // Nothing else is taken until the question is answered.
        expect(isDisabled('Send invite')).toBe(true);
        expect(isDisabled('Remove Jamie Rivera')).toBe(true);
      },
      'ready.invited': () => {
        expect(screen.getByRole('status').textContent).toBe('Invite sent to casey@example.com.');
        // The form starts empty again.
        expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
        expect(screen.getByText('Expires Mar 9, 2027')).toBeTruthy();
      },
      'ready.inviteFailed': () => {
        expect(screen.getByRole('alert').textContent).toBe(ALREADY_GUARDIAN);
        // The server's message is tied to its field too.
        const email = screen.getByLabelText('E-mail');
        expect(email.getAttribute('aria-invalid')).toBe('true');
        const described = document.getElementById(email.getAttribute('aria-describedby') ?? '');
        expect(described?.textContent).toBe(ALREADY_GUARDIAN);
      },
      'ready.canceled': () => expect(screen.getByRole('status').textContent).toBe('The invite was canceled.'),
      'ready.removed': () =>
        expect(screen.getByRole('status').textContent).toBe('Jamie Rivera is no longer a guardian of your household.'),
      'ready.actionFailed': ({ snapshot }) =>
        expect(screen.getByRole('alert').textContent).toBe(snapshot.context.errorText),
      sendingInvite: () => {
        expect(isDisabled('Send invite')).toBe(true);
        for (const cancel of screen.queryAllByRole('button', { name: /^Cancel invite for / }))
          expect(cancel).toHaveProperty('disabled', true);
      },
      cancelingInvite: () => expect(isDisabled('Send invite')).toBe(true),
      removingGuardian: () => {
        expect(isDisabled('Yes')).toBe(true);
        expect(isDisabled('No')).toBe(true);
      },
    },
  },
});

describe('household machine refuses what the page does not offer', () => {
  it('refuses an invite its form schema refuses', () => {
    const ready = snapshotAt(model, 'ready.idle');
    expect(ready.can({ type: 'SEND_INVITE', values: inviteValues })).toBe(true);
    expect(isRefused(ready, { type: 'SEND_INVITE', values: { ...inviteValues, email: 'casey' } })).toBe(true);
    expect(isRefused(ready, { type: 'SEND_INVITE', values: { ...inviteValues, name: ' ' } })).toBe(true);
    expect(isRefused(ready, { type: 'SEND_INVITE', values: { ...inviteValues, customRelationship: '' } })).toBe(true);
  });

  it('refuses removing oneself or a stranger, and canceling an invite not listed', () => {
    const ready = snapshotAt(model, 'ready.idle');
    expect(isRefused(ready, { type: 'REMOVE', guardianId: pat.id })).toBe(true);
    expect(isRefused(ready, { type: 'REMOVE', guardianId: 99 })).toBe(true);
    expect(isRefused(ready, { type: 'CANCEL_INVITE', inviteId: 99 })).toBe(true);
  });

  it('takes nothing but the answer while asking, and nothing while a call runs', () => {
    const asking = snapshotAt(model, 'confirmingRemove');
    expect(isRefused(asking, { type: 'SEND_INVITE', values: inviteValues })).toBe(true);
    expect(isRefused(asking, { type: 'CANCEL_INVITE', inviteId: robin.id })).toBe(true);
    const busy = snapshotAt(model, 'sendingInvite');
    expect(isRefused(busy, { type: 'SEND_INVITE', values: inviteValues })).toBe(true);
    expect(isRefused(busy, { type: 'REMOVE', guardianId: jamie.id })).toBe(true);
    expect(isRefused(busy, { type: 'CANCEL_INVITE', inviteId: robin.id })).toBe(true);
  });
});
