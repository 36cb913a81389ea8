import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type Driver,
  defineModel,
  doneEvent,
  errorEvent,
  generatePaths,
  runPathOnMachine,
  runPaths,
} from '../harness/index.ts';
import { type Account, accountLookupMachine } from './machines/account-lookup.machine.ts';
import { AccountLookupView } from './views/account-lookup-view.tsx';

const coach: Account = { role: 'coach', hasLicence: false };
const licensedParent: Account = { role: 'parent', hasLicence: true };
const parent: Account = { role: 'parent', hasLicence: false };

const model = defineModel({
  machine: accountLookupMachine,
  events: {
    LOOKUP: [{ type: 'LOOKUP', email: 'sam@example.com' }],
    'xstate.done.actor.account': [
      doneEvent('account', coach),
      doneEvent('account', licensedParent),
      doneEvent('account', parent),
    ],
    'xstate.error.actor.account': [errorEvent('account', { status: 404 }), errorEvent('account', { status: 500 })],
  },
  states: {
    // The stub API saw the address the person typed, in the shape the actor expects.
    checking: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({
        id: 'account',
        src: 'findAccount',
        input: { email: 'sam@example.com' },
      }),
    coachHome: (snapshot) => expect(snapshot.context.account).toEqual(coach),
  },
});

describe("a branch reachable only through an invoked call's output", () => {
  const paths = generatePaths(model);

  it('reaches coachHome solely through the coach answer of findAccount', () => {
    const toCoach = paths.filter((path) => path.steps.at(-1)?.state.matches('coachHome'));
    expect(toCoach.map((path) => path.title)).toEqual([
      'LOOKUP {"email":"sam@example.com"} → account answers {"role":"coach","hasLicence":false} ⇒ coachHome',
    ]);
  });

  it('takes the real onDone transition by resolving the stubbed call, then the guarded always branch', async () => {
    const path = paths.find((candidate) => candidate.steps.at(-1)?.state.matches('coachHome'));
    if (!path) throw new Error('no path to coachHome');
    const result = await runPathOnMachine(model, path);
    expect(result.error).toBeNull();
    expect(result.story).toEqual([
      'starts in idle',
      'LOOKUP {"email":"sam@example.com"}: idle → checking',
      'account answers {"role":"coach","hasLicence":false}: checking → routing; always: routing → coachHome if isCoach',
    ]);
    expect(result.transitions).toContain('accountLookup.routing --always[isCoach]--> accountLookup.coachHome');
  });

  it('cannot reach the output-only branches without output variants', () => {
    const blind = defineModel({
      machine: accountLookupMachine,
      events: { LOOKUP: [{ type: 'LOOKUP', email: 'x@y.z' }] },
    });
    const ends = new Set(generatePaths(blind).flatMap((path) => path.steps.map((step) => String(step.state.value))));
    expect(ends.has('coachHome')).toBe(false);
    expect(ends.has('licensed')).toBe(false);
  });

  it('fails loudly when a path answers a call the machine never made', async () => {
    const path = paths.find((candidate) => candidate.steps.at(-1)?.state.matches('coachHome'));
    if (!path) throw new Error('no path to coachHome');
    // Drop the LOOKUP step: the answer arrives while nothing is invoked.
    const broken = { ...path, steps: [path.steps[0], ...path.steps.slice(2)].filter((step) => step !== undefined) };
    const result = await runPathOnMachine(model, broken);
    expect(result.status).toBe('failed');
    expect(result.error?.message).toContain('no invoked actor "account" is waiting for an answer');
  });
});

const driver: Driver<typeof accountLookupMachine> = {
  LOOKUP: async (event, { user, screen }) => {
    await user.type(screen.getByLabelText('Email'), event.email);
    await user.click(screen.getByRole('button', { name: 'Look up' }));
  },
  RETRY: async (_event, { user, screen }) => {
    await user.click(screen.getByRole('button', { name: 'Try again' }));
  },
};

runPaths({
  model,
  reportDir: false,
  uiRun: {
    name: 'account lookup driver',
    render: ({ actor }) => render(<AccountLookupView actor={actor} />),
    driver,
    states: {
      idle: () => expect(screen.getByRole('button', { name: 'Look up' })).toBeTruthy(),
      checking: () => expect(screen.getByRole('status').textContent).toBe('Looking up sam@example.com…'),
      coachHome: () => expect(screen.getByRole('heading').textContent).toBe('Welcome, Coach'),
      licensed: () => expect(screen.getByRole('heading').textContent).toBe('Your licence is ready'),
      parentHome: () => expect(screen.getByRole('heading').textContent).toBe('Welcome back'),
      signUp: () => expect(screen.getByRole('heading').textContent).toBe('Create your account'),
      failed: () => expect(screen.getByRole('alert').textContent).toContain('Something went wrong.'),
    },
  },
});
