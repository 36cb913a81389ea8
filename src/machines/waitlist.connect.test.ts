import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../api/errors';
import type { LicenceInfo } from '../api/schemas';
import type { WaitlistEntry } from '../api/waitlist.schemas';
import { formatHoldUntil } from '../domain/dates';
import { text } from '../i18n/runtime';
import { licenceView } from './licence.connect';
import { licenceMachine } from './licence.machine';
import { type WaitlistSnapshot, waitlistView } from './waitlist.connect';
import { waitlistMachine } from './waitlist.machine';

const waiting: WaitlistEntry = {
  license: 'FULL-2027',
  team: { name: '12U Tigers' },
  position: 3,
  status: 'waiting',
  offer: null,
  joined_at: '2026-11-26T18:00:00.000Z',
};
const offered: WaitlistEntry = {
  ...waiting,
  position: 0,
  status: 'offered',
  offer: { expires_at: '2026-11-28T18:00:00.000Z' },
};

/** The view with its messages as the English page reads them (the hold's end formatted as /waitlist does in English). */
function shown(snapshot: WaitlistSnapshot) {
  const view = waitlistView(snapshot);
  if (view.screen === 'left') return { ...view, message: text(view.message) };
  if (view.screen !== 'onList') return view;
  const { status } = view;
  return {
    ...view,
    heading: text(view.heading),
    status:
      status.kind === 'position'
        ? text(status.message)
        : `A spot is being held for you until ${formatHoldUntil(status.expiresAt)}.`,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function startWaitlist(join: () => Promise<WaitlistEntry>, leave: () => Promise<void> = async () => {}) {
  const machine = waitlistMachine.provide({
    actors: { join: fromPromise(join), leave: fromPromise(leave) },
  });
  return createActor(machine, { input: { license: 'FULL-2027', join: true } }).start();
}

/** A visit without the intent (a reload, the licence page of a family on the list): the lookup only. */
function visitWaitlist(entry: WaitlistEntry | null) {
  let joins = 0;
  const machine = waitlistMachine.provide({
    actors: {
      lookUp: fromPromise(async () => ({ entry, team: '12U Tigers' })),
      join: fromPromise(async () => {
        joins += 1;
        return waiting;
      }),
    },
  });
  const actor = createActor(machine, { input: { license: 'FULL-2027' } }).start();
  return { actor, joins: () => joins };
}

describe('waitlist view model', () => {
  it('shows nothing while joining, then the team, the place and Leave', async () => {
    const actor = startWaitlist(async () => waiting);
    expect(shown(actor.getSnapshot())).toEqual({ screen: 'none' });
    await settle();
    expect(shown(actor.getSnapshot())).toEqual({
      screen: 'onList',
      license: 'FULL-2027',
      heading: "You're on the waitlist for 12U Tigers.",
      status: 'You are number 3 on the list.',
      offered: false,
      canContinue: false,
      canLeave: true,
      confirming: false,
      canConfirm: false,
      canKeep: false,
      error: null,
    });
  });

  it('shows the held seat of an open offer and the way on', async () => {
    const actor = startWaitlist(async () => offered);
    await settle();
    expect(shown(actor.getSnapshot())).toMatchObject({
      screen: 'onList',
      status: `A spot is being held for you until ${formatHoldUntil('2026-11-28T18:00:00.000Z')}.`,
      offered: true,
      canContinue: true,
    });
  });

  it('asks before leaving, keeps the question while the call runs, then says the family left', async () => {
    let finish: () => void = () => {};
    const actor = startWaitlist(
      async () => waiting,
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    await settle();
    actor.send({ type: 'LEAVE' });
    expect(shown(actor.getSnapshot())).toMatchObject({
      confirming: true,
      canConfirm: true,
      canKeep: true,
      canLeave: false,
    });
    actor.send({ type: 'CONFIRM_LEAVE' });
    expect(shown(actor.getSnapshot())).toMatchObject({ confirming: true, canConfirm: false, canKeep: false });
    finish();
    await settle();
    expect(shown(actor.getSnapshot())).toEqual({
      screen: 'left',
      license: 'FULL-2027',
      message: 'You have left the waitlist for 12U Tigers.',
      canJoin: true,
    });
  });

  it('joins on arrival only with the intent, and says so once joined (the page drops the intent)', async () => {
    const actor = startWaitlist(async () => waiting);
    const joined: string[] = [];
    actor.on('joined', (event) => joined.push(event.type));
    await settle();
    expect(joined).toEqual(['joined']);
    expect(actor.getSnapshot().context.join).toBe(false);
  });

  it("shows a family not on the list (a reload after leaving) 'Join the waitlist', and joins only when asked", async () => {
    const { actor, joins } = visitWaitlist(null);
    await settle();
    expect(joins()).toBe(0);
    expect(shown(actor.getSnapshot())).toEqual({
      screen: 'left',
      license: 'FULL-2027',
      message: 'You are not on the waitlist for 12U Tigers.',
      canJoin: true,
    });
    actor.send({ type: 'JOIN' });
    await settle();
    expect(joins()).toBe(1);
    expect(shown(actor.getSnapshot())).toMatchObject({
      screen: 'onList',
      status: 'You are number 3 on the list.',
    });
  });

  it('shows the entry of a family on the list without joining again', async () => {
    const { actor, joins } = visitWaitlist(waiting);
    await settle();
    expect(joins()).toBe(0);
    expect(shown(actor.getSnapshot())).toMatchObject({ screen: 'onList', canLeave: true });
  });

  it("shows the server's refusal to join with a retry", async () => {
    const refusal = new ApiError({ kind: 'http', status: 422, message: 'This team still has spots: register now.' });
    const actor = startWaitlist(() => Promise.reject(refusal));
    await settle();
    expect(shown(actor.getSnapshot())).toEqual({
      screen: 'failed',
      license: 'FULL-2027',
      error: 'This team still has spots: register now.',
      canRetry: true,
    });
  });
});

const full: LicenceInfo = {
  license_code: 'FULL-2027',
  name: '12U Tigers registration',
  available: false,
  available_licenses: 0,
  expiration_date_formatted: null,
  paused: false,
  organization_id: 1,
  organization_name: 'Northside Youth Baseball',
  season_name: 'Spring 2027',
  team_name: '12U Tigers',
  team_id: 1,
  is_coach: false,
};

function startLicence(licence: LicenceInfo, offer?: string) {
  const machine = licenceMachine.provide({ actors: { loadLicence: fromPromise(async () => licence) } });
  return createActor(machine, { input: { variant: 'team', code: 'FULL-2027', user: null, offer } }).start();
}

describe('licence view model, waitlist (issue 21 point 3)', () => {
  it("offers 'Join the waitlist' under the unavailable notice, then asks for the account", async () => {
    const actor = startLicence(full);
    await settle();
    expect(licenceView(actor.getSnapshot())).toMatchObject({
      screen: 'teamWelcome',
      unavailable: true,
      asksForAccount: false,
      canJoinWaitlist: true,
      canYes: false,
      heldUntil: null,
    });
    actor.send({ type: 'JOIN_WAITLIST' });
    expect(licenceView(actor.getSnapshot())).toMatchObject({
      unavailable: true,
      asksForAccount: true,
      canJoinWaitlist: false,
      canYes: true,
      canNo: true,
    });
  });

  it('shows an open offer as available with its held seat', async () => {
    const expiresAt = '2026-11-28T18:00:00.000Z';
    const actor = startLicence(
      { ...full, available: true, available_licenses: 1, offer: { expires_at: expiresAt } },
      'tok',
    );
    await settle();
    expect(licenceView(actor.getSnapshot())).toMatchObject({
      screen: 'teamWelcome',
      unavailable: false,
      asksForAccount: true,
      canJoinWaitlist: false,
      heldUntil: formatHoldUntil(expiresAt),
    });
  });
});
