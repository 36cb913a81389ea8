import { render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { beforeEach, expect } from 'vitest';
import { ApiError } from '../src/api/errors';
import type { RegistrationProgress } from '../src/api/registration-progress';
import { type ResumeOfferActorRef, resumeOfferView } from '../src/machines/resume-offer.connect';
import { resumeOfferMachine } from '../src/machines/resume-offer.machine';
import { getAthleteToken, setAthleteToken } from '../src/session/athlete-token';
import { LOCAL_PROGRESS_KEY } from '../src/session/progress-keys';
import { ResumeOfferView } from '../src/views/resume/resume-offer-view';
import { type Driver, defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';

/** 'Continue where you left off' (issue 21 point 1): the offer, its two choices and their failures. */

const saved: RegistrationProgress = {
  license: 'TIGERS-2027',
  flow: 'payment',
  machine_version: 'v1',
  step: 'payment.plan',
  athlete: { id: 42, name: 'Sam Rivera' },
  team: { name: '12U Tigers', season: 'Spring 2027' },
  snapshot: { value: 'plan' },
  updated_at: '2026-11-20T12:00:00.000Z',
};

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});

beforeEach(() => {
  window.sessionStorage.clear();
  setAthleteToken('a-stale-athlete-token');
});

const localCopy = () => window.sessionStorage.getItem(LOCAL_PROGRESS_KEY);

const model = defineModel({
  machine: resumeOfferMachine,
  inputs: { forLicence: { license: 'TIGERS-2027' }, latest: { license: null } },
  events: {
    CONTINUE: [{ type: 'CONTINUE' }],
    START_OVER: [{ type: 'START_OVER' }],
    'xstate.done.actor.load': [doneEvent('load', saved), doneEvent('load', null)],
    'xstate.error.actor.load': [errorEvent('load', offline)],
    // The saved athlete's token from the guardian's list, or none (the guardian pays, or the athlete is gone).
    'xstate.done.actor.findPayer': [doneEvent('findPayer', 'sam-athlete-token'), doneEvent('findPayer', null)],
    'xstate.error.actor.findPayer': [errorEvent('findPayer', offline)],
    'xstate.done.actor.discard': [doneEvent('discard', undefined)],
    'xstate.error.actor.discard': [errorEvent('discard', offline)],
  },
  context: ['error'],
  states: {
    none: (snapshot) => {
      expect(snapshot.output).toEqual({ kind: 'none' });
      expect(localCopy()).toBeNull();
    },
    offer: (snapshot) => expect(resumeOfferView(snapshot)).toMatchObject({ kind: 'offer', busy: false }),
    continuing: (snapshot, { invocations }) => {
      expect(invocations.at(-1)?.input).toEqual({ progress: saved });
      expect(resumeOfferView(snapshot)).toMatchObject({ kind: 'offer', busy: true, error: null });
    },
    continued: (snapshot) => {
      expect(snapshot.output).toEqual({ kind: 'continue', progress: saved });
      // The saved copy is this tab's now, and the payment is made with the chosen payer's token (§6).
      expect(JSON.parse(localCopy() ?? 'null')).toMatchObject({ license: 'TIGERS-2027', step: 'payment.plan' });
      expect(['sam-athlete-token', null]).toContain(getAthleteToken());
    },
    startingOver: (_snapshot, { invocations }) => expect(invocations.at(-1)?.input).toEqual({ license: 'TIGERS-2027' }),
    startedOver: (snapshot) => {
      expect(snapshot.output).toEqual({ kind: 'startedOver', license: 'TIGERS-2027' });
      expect(localCopy()).toBeNull();
    },
  },
});

function ResumeOfferHarness({ actor }: { actor: ResumeOfferActorRef }) {
  const view = useSelector(actor, resumeOfferView);
  if (view.kind === 'hidden') return null;
  return (
    <ResumeOfferView
      offer={view.offer}
      busy={view.busy}
      error={view.error}
      onContinue={() => actor.send({ type: 'CONTINUE' })}
      onStartOver={() => actor.send({ type: 'START_OVER' })}
    />
  );
}

const driver: Driver<typeof resumeOfferMachine> = {
  CONTINUE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Continue where you left off' })),
  START_OVER: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Start over' })),
};

const offerShown = () => {
  expect(screen.getByRole('heading', { level: 2, name: 'Welcome back' })).toBeTruthy();
  expect(screen.getByText(/Sam Rivera/)).toBeTruthy();
};

runPaths({
  model,
  uiRun: {
    name: 'resume offer driver',
    render: ({ actor }) => render(<ResumeOfferHarness actor={actor} />),
    driver,
    states: {
      loading: () => expect(screen.queryByRole('button', { name: 'Continue where you left off' })).toBeNull(),
      none: () => expect(screen.queryByRole('heading')).toBeNull(),
      offer: ({ snapshot }) => {
        offerShown();
        if (snapshot.context.error === null) expect(screen.queryByRole('alert')).toBeNull();
        else expect(screen.getByRole('alert').textContent).toBe(offline.message);
      },
      continuing: () => {
        offerShown();
        expect(screen.getByRole('button', { name: 'Continue where you left off' }).hasAttribute('disabled')).toBe(true);
      },
      startingOver: () =>
        expect(screen.getByRole('button', { name: 'Start over' }).hasAttribute('disabled')).toBe(true),
      continued: () => expect(screen.queryByRole('heading')).toBeNull(),
      startedOver: () => expect(screen.queryByRole('heading')).toBeNull(),
    },
  },
});
