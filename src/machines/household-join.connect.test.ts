import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { HouseholdAnswer, Invitation, InvitationAnswer } from '../api/household-invites.schemas';
import { type CurrentUser, currentUserSchema } from '../api/schemas';
import { currentUser } from '../api/wire-samples';
import { type Message, text } from '../i18n/runtime';
import {
  accountFormStart,
  type HouseholdJoinSnapshot,
  householdJoinView,
  loginFormStart,
} from './household-join.connect';
import { householdJoinMachine } from './household-join.machine';

const invite: Invitation = {
  name: 'Casey Rivera',
  email: 'casey@example.com',
  relationship: 'Grandmother',
  invited_by_name: 'Pat Rivera',
  expires_at: '2027-03-09T12:00:00Z',
};

function start(input: { token?: string; user: CurrentUser | null }) {
  const machine = householdJoinMachine.provide({
    actors: {
      lookup: fromPromise(async () => ({ invite })),
      login: fromPromise(() => new Promise<CurrentUser>(() => {})),
      register: fromPromise(() => new Promise<CurrentUser>(() => {})),
      accept: fromPromise(() => new Promise<HouseholdAnswer>(() => {})),
    },
  });
  return createActor(machine, { input }).start();
}

/** The view with its messages as the page shows them (English in the tests). */
function shownView(snapshot: HouseholdJoinSnapshot) {
  const view = householdJoinView(snapshot);
  const shown = (message: Message | string | null) =>
    message === null || typeof message === 'string' ? message : text(message);
  return {
    ...view,
    error: shown(view.error),
    invitedText: shown(view.invitedText),
    joinedText: shown(view.joinedText),
    loggedInText: shown(view.loggedInText),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('household join view models', () => {
  it('says a link without a token is not valid, without asking the server', () => {
    const view = shownView(start({ user: null }).getSnapshot());
    expect(view).toMatchObject({ screen: 'invalid', error: 'This invitation is not valid.', invitedText: null });
  });

  it('names the inviter and fills the forms with the invited address', async () => {
    const actor = start({ token: 'tok', user: null });
    expect(shownView(actor.getSnapshot())).toMatchObject({ screen: 'loading', busy: true });
    await settle();
    expect(shownView(actor.getSnapshot())).toMatchObject({
      screen: 'choose',
      invitedText: 'Pat Rivera invited you to share their household.',
      joinedText: "You now share Pat Rivera's household.",
      canJoin: false,
    });
    expect(loginFormStart(actor.getSnapshot())).toEqual({ email: 'casey@example.com', password: '' });
    expect(accountFormStart(actor.getSnapshot())).toMatchObject({ email: 'casey@example.com', password: '' });
    actor.send({ type: 'LOG_IN' });
    expect(shownView(actor.getSnapshot())).toMatchObject({ screen: 'logIn', canBack: true });
    actor.send({ type: 'SUBMIT_LOGIN', values: { email: 'casey@example.com', password: 'pw' } });
    // The form stays on screen while the login runs.
    expect(shownView(actor.getSnapshot())).toMatchObject({ screen: 'logIn', busy: true, canBack: false });
  });

  it('names an inviter without a name on their account "A guardian"', async () => {
    const machine = householdJoinMachine.provide({
      actors: {
        lookup: fromPromise(async (): Promise<InvitationAnswer> => ({ invite: { ...invite, invited_by_name: null } })),
      },
    });
    const actor = createActor(machine, { input: { token: 'tok', user: null } }).start();
    await settle();
    expect(shownView(actor.getSnapshot())).toMatchObject({
      invitedText: 'A guardian invited you to share their household.',
      joinedText: 'You now share their household.',
    });
  });

  it('offers a logged-in guardian to join at once', async () => {
    const actor = start({ token: 'tok', user: currentUserSchema.parse(currentUser) });
    await settle();
    expect(shownView(actor.getSnapshot())).toMatchObject({
      screen: 'loggedIn',
      loggedInText: 'Logged in as parent@example.com.',
      canJoin: true,
    });
    actor.send({ type: 'JOIN' });
    expect(shownView(actor.getSnapshot())).toMatchObject({ screen: 'accepting', busy: true });
  });
});
