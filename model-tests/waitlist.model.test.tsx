import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import { currentUserSchema } from '../src/api/schemas';
import type { WaitlistEntry } from '../src/api/waitlist.schemas';
import { currentUser as wireUser } from '../src/api/wire-samples';
import { formatHoldUntil } from '../src/domain/dates';
import type { WaitlistActorRef } from '../src/machines/waitlist.connect';
import { waitlistMachine } from '../src/machines/waitlist.machine';
import { getCurrentUser, setCurrentUser } from '../src/session/current-user';
import { WaitlistFlow } from '../src/views/waitlist/waitlist-flow';
import { type Driver, defineModel, doneEvent, errorEvent, isRefused, runPaths, snapshotAt } from './harness/index.ts';

const stored = currentUserSchema.parse({ ...wireUser, token: 'session-token' });

// FULL-2027 (docs/fixtures.md): 12U Tigers with no seat left.
const waiting: WaitlistEntry = {
  license: 'FULL-2027',
  team: { name: '12U Tigers' },
  position: 2,
  status: 'waiting',
  offer: null,
  joined_at: '2026-11-26T18:00:00.000Z',
};
const next: WaitlistEntry = { ...waiting, position: 1 };
const offered: WaitlistEntry = {
  ...waiting,
  position: 0,
  status: 'offered',
  offer: { expires_at: '2026-11-28T18:00:00.000Z' },
};

/** GET /api/waitlist: on the list (the entry), or not (the licence info names the team). */
const found = { entry: next, team: '12U Tigers' };
const notFound = { entry: null, team: '12U Tigers' };

const STILL_SPOTS = 'This team still has spots: register now.';
const stillSpots = new ApiError({ kind: 'http', status: 422, message: STILL_SPOTS });
const unauthenticated = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });
const unavailable = new ApiError({ kind: 'http', status: 503, message: 'The service is unavailable. Try again soon.' });

beforeEach(() => {
  setCurrentUser(stored);
});

const model = defineModel({
  machine: waitlistMachine,
  inputs: {
    // Issue 21 point 3: 'Join the waitlist' through login or registration (/waitlist?license=FULL-2027&join=1).
    join: { license: 'FULL-2027', join: true },
    // A reload after joining or leaving, or the licence page of a family already on the list: no intent.
    visit: { license: 'FULL-2027' },
  },
  events: {
    RETRY: [{ type: 'RETRY' }],
    JOIN: [{ type: 'JOIN' }],
    'xstate.done.actor.lookUp': [doneEvent('lookUp', found), doneEvent('lookUp', notFound)],
    'xstate.error.actor.lookUp': [errorEvent('lookUp', unavailable), errorEvent('lookUp', unauthenticated)],
    LEAVE: [{ type: 'LEAVE' }],
    CONFIRM_LEAVE: [{ type: 'CONFIRM_LEAVE' }],
    KEEP: [{ type: 'KEEP' }],
    CONTINUE: [{ type: 'CONTINUE' }],
    'xstate.done.actor.join': [doneEvent('join', waiting), doneEvent('join', next), doneEvent('join', offered)],
    'xstate.error.actor.join': [errorEvent('join', stillSpots), errorEvent('join', unauthenticated)],
    'xstate.done.actor.leave': [doneEvent('leave', undefined)],
    'xstate.error.actor.leave': [errorEvent('leave', unavailable), errorEvent('leave', unauthenticated)],
  },
  // The entry decides whether the offer can be taken.
  context: ['entry', 'errorText', 'join'],
  states: {
    // Arriving without the intent only looks up: a reload (after joining, or after leaving) never joins again.
    lookingUp: (_snapshot, { invocations }) => {
      expect(invocations.at(-1)).toMatchObject({ id: 'lookUp', src: 'lookUp', input: { license: 'FULL-2027' } });
      expect(invocations.some((call) => call.id === 'join')).toBe(false);
    },
    notOnList: (snapshot, { invocations }) => {
      expect(invocations.some((call) => call.id === 'join')).toBe(false);
      expect(snapshot.context.teamName).toBe('12U Tigers');
    },
    joining: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'join', src: 'join', input: { license: 'FULL-2027' } }),
    // Joined: the page is told to drop the intent from the address (once per join); found by the lookup: nothing.
    onList: (_snapshot, { invocations, emitted }) => {
      const joins = invocations.filter((call) => call.id === 'join').length;
      const announced = emitted.filter((event) => event.type === 'joined').length;
      expect(announced > 0).toBe(joins > 0);
      expect(announced).toBeLessThanOrEqual(joins);
    },
    'onList.leaving': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'leave', src: 'leave', input: { license: 'FULL-2027' } }),
    toLogin: (snapshot, { invocations }) => {
      expect(getCurrentUser()).toBeNull();
      // A refused join comes back to join; a refused lookup or leave comes back to look.
      const joining = invocations.at(-1)?.id === 'join';
      expect(snapshot.output).toEqual({
        to: '/login',
        search: { returnUrl: joining ? '/waitlist?license=FULL-2027&join=1' : '/waitlist?license=FULL-2027' },
      });
    },
    toClaim: (snapshot) => {
      expect(getCurrentUser()).not.toBeNull();
      expect(snapshot.output).toEqual({
        to: '/login',
        search: { license: 'FULL-2027', step: 3, is_team_license: true },
      });
    },
  },
});

const driver: Driver<typeof waitlistMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  JOIN: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Join the waitlist' })),
  LEAVE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Leave the waitlist' })),
  CONFIRM_LEAVE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Yes, leave' })),
  KEEP: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'No, stay on it' })),
  CONTINUE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Continue to register' })),
};

async function renderInRouter(actor: WaitlistActorRef) {
  // The page links back to the licence page, so it renders inside a router.
  const rootRoute = createRootRoute({ component: () => <WaitlistFlow actorRef={actor} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/waitlist?license=FULL-2027'] }),
  });
  await router.load();
  return render(<RouterProvider router={router} />);
}

const heading = () => screen.getByRole('heading', { level: 1 });

function isDisabled(name: string): boolean {
  const button = screen.getByRole('button', { name });
  return button instanceof HTMLButtonElement && button.disabled;
}

function expectOnList(entry: WaitlistEntry | null) {
  if (entry === null) throw new Error('The family is not on the list.');
  expect(heading().textContent).toBe("You're on the waitlist for 12U Tigers.");
  const status = screen.getByRole('status').textContent;
  if (entry.status === 'offered') {
    expect(status).toBe(`A spot is being held for you until ${formatHoldUntil('2026-11-28T18:00:00.000Z')}.`);
    expect(screen.getByRole('button', { name: 'Continue to register' })).toBeTruthy();
  } else {
    expect(status).toBe(entry.position === 1 ? 'You are next on the list.' : 'You are number 2 on the list.');
    expect(screen.queryByRole('button', { name: 'Continue to register' })).toBeNull();
  }
}

runPaths({
  model,
  uiRun: {
    name: 'waitlist driver',
    render: ({ actor }) => renderInRouter(actor),
    driver,
    states: {
      joining: () => expect(screen.queryByRole('heading')).toBeNull(),
      lookingUp: () => expect(screen.queryByRole('heading')).toBeNull(),
      failed: () => {
        expect(heading().textContent).toBe('Waitlist');
        expect(screen.getByRole('alert').textContent).toBe(STILL_SPOTS);
        expect(screen.getByRole('link', { name: 'Back to the team' }).getAttribute('href')).toBe('/licenses/FULL-2027');
      },
      lookUpFailed: () => {
        expect(heading().textContent).toBe('Waitlist');
        expect(screen.getByRole('alert').textContent).toBe('The service is unavailable. Try again soon.');
        expect(isDisabled('Try again')).toBe(false);
        expect(screen.getByRole('link', { name: 'Back to the team' }).getAttribute('href')).toBe('/licenses/FULL-2027');
      },
      notOnList: () => {
        expect(heading().textContent).toBe('You are not on the waitlist for 12U Tigers.');
        expect(document.activeElement).toBe(heading());
        expect(isDisabled('Join the waitlist')).toBe(false);
        expect(screen.queryByRole('button', { name: 'Leave the waitlist' })).toBeNull();
        expect(screen.getByRole('link', { name: 'Back to the team' }).getAttribute('href')).toBe('/licenses/FULL-2027');
      },
      'onList.idle': ({ snapshot }) => {
        expectOnList(snapshot.context.entry);
        // Focus moves to the heading that names the team; back from the question, to the button that asked it.
        expect([heading(), screen.getByRole('button', { name: 'Leave the waitlist' })]).toContain(
          document.activeElement,
        );
        expect(screen.queryByRole('alert')).toBeNull();
        expect(isDisabled('Leave the waitlist')).toBe(false);
      },
      'onList.confirmingLeave': ({ snapshot }) => {
        expectOnList(snapshot.context.entry);
        const question = screen.getByRole('group', { name: 'Leave the waitlist?' });
        // The safe answer has the focus; nothing else is taken until the question is answered.
        expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'No, stay on it' }));
        expect(screen.queryByRole('button', { name: 'Leave the waitlist' })).toBeNull();
        const onward = screen.queryByRole('button', { name: 'Continue to register' });
        if (onward !== null) expect(onward).toHaveProperty('disabled', true);
      },
      'onList.leaving': () => {
        expect(isDisabled('Yes, leave')).toBe(true);
        expect(isDisabled('No, stay on it')).toBe(true);
      },
      'onList.leaveFailed': ({ snapshot }) => {
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave the waitlist' }));
        expect(screen.getByRole('alert').textContent).toBe('The service is unavailable. Try again soon.');
        expect(snapshot.context.entry).not.toBeNull();
        expect(isDisabled('Leave the waitlist')).toBe(false);
      },
      left: () => {
        expect(heading().textContent).toBe('You have left the waitlist for 12U Tigers.');
        expect(document.activeElement).toBe(heading());
        expect(isDisabled('Join the waitlist')).toBe(false);
        expect(screen.getByRole('link', { name: 'Back to the team' }).getAttribute('href')).toBe('/licenses/FULL-2027');
      },
    },
  },
});

describe('waitlist machine refuses what the page does not offer', () => {
  it('takes an offer only while one is open, and nothing but the answer while asking', () => {
    const at = (status: WaitlistEntry['status']) =>
      snapshotAt(
        model,
        (snapshot) => snapshot.matches({ onList: 'idle' }) && snapshot.context.entry?.status === status,
      );
    expect(isRefused(at('waiting'), { type: 'CONTINUE' })).toBe(true);
    expect(at('offered').can({ type: 'CONTINUE' })).toBe(true);
    const asking = snapshotAt(model, 'onList.confirmingLeave');
    expect(isRefused(asking, { type: 'CONTINUE' })).toBe(true);
    expect(isRefused(asking, { type: 'LEAVE' })).toBe(true);
    const leaving = snapshotAt(model, 'onList.leaving');
    expect(isRefused(leaving, { type: 'CONFIRM_LEAVE' })).toBe(true);
    expect(isRefused(leaving, { type: 'CONTINUE' })).toBe(true);
    // Joining is offered only to a family not (or no longer) on the list.
    expect(isRefused(at('waiting'), { type: 'JOIN' })).toBe(true);
    expect(snapshotAt(model, 'notOnList').can({ type: 'JOIN' })).toBe(true);
  });
});
