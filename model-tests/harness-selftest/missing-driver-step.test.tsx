import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type Driver,
  defineModel,
  doneEvent,
  errorEvent,
  generatePaths,
  missingDriverSteps,
  runPathInUi,
  type UiRun,
} from '../harness/index.ts';
import { accountLookupMachine } from './machines/account-lookup.machine.ts';
import { AccountLookupView } from './views/account-lookup-view.tsx';

type LookupMachine = typeof accountLookupMachine;

const model = defineModel({
  machine: accountLookupMachine,
  events: {
    LOOKUP: [{ type: 'LOOKUP', email: 'sam@example.com' }],
    'xstate.done.actor.account': [doneEvent('account', { role: 'parent', hasLicence: false })],
    'xstate.error.actor.account': [errorEvent('account', { status: 500 })],
  },
});

const retryPath = generatePaths(model).find((path) => path.events.includes('RETRY'));

const lookUp: Driver<LookupMachine>['LOOKUP'] = async (event, { user, screen }) => {
  await user.type(screen.getByLabelText('Email'), event.email);
  await user.click(screen.getByRole('button', { name: 'Look up' }));
};

const doesNothing = async (): Promise<void> => {};

function uiRun(driver: Driver<LookupMachine>): UiRun<LookupMachine> {
  return {
    name: 'lookup driver',
    render: ({ actor }) => render(<AccountLookupView actor={actor} />),
    driver,
    timeout: 300,
  };
}

describe('the UI run fails loudly instead of skipping events', () => {
  it('has a path that retries after a failed call', () => {
    expect(retryPath?.events).toEqual(['LOOKUP {"email":"sam@example.com"}', 'account fails {"status":500}', 'RETRY']);
  });

  it('passes the path with a complete driver (the control case)', async () => {
    if (!retryPath) throw new Error('no retry path');
    const driver: Driver<LookupMachine> = {
      LOOKUP: lookUp,
      RETRY: async (_event, { user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    };
    const result = await runPathInUi(model, retryPath, uiRun(driver));
    expect(result.error).toBeNull();
    expect(result.status).toBe('passed');
  });

  it('fails a path whose event has no driver step, naming the event', async () => {
    if (!retryPath) throw new Error('no retry path');
    const driver: Driver<LookupMachine> = { LOOKUP: lookUp };
    expect(missingDriverSteps(driver, retryPath)).toEqual(['RETRY']);
    const result = await runPathInUi(model, retryPath, uiRun(driver));
    expect(result.status).toBe('failed');
    expect(result.error?.message).toContain('The lookup driver has no step for "RETRY"');
    expect(result.error?.message).toContain('failed before its first step');
  });

  it('fails a driver step that does not make the machine receive its event', async () => {
    if (!retryPath) throw new Error('no retry path');
    const driver: Driver<LookupMachine> = {
      LOOKUP: lookUp,
      // Looks like a step, performs nothing: path.test would report this path as passing.
      RETRY: doesNothing,
    };
    const result = await runPathInUi(model, retryPath, uiRun(driver));
    expect(result.status).toBe('failed');
    expect(result.error?.message).toContain('failed at step 3: The machine never received "RETRY"');
  });

  it('rejects a screen assertion for a state the machine does not have', async () => {
    if (!retryPath) throw new Error('no retry path');
    const run = { ...uiRun({ LOOKUP: lookUp }), states: { 'failed.banner': () => {} } };
    await expect(runPathInUi(model, retryPath, run)).rejects.toThrow(
      'UI run of "accountLookup": state assertion "failed.banner" names no state of the machine.',
    );
  });

  it('fails when the views show something else than the state the path expects', async () => {
    if (!retryPath) throw new Error('no retry path');
    const driver: Driver<LookupMachine> = {
      LOOKUP: lookUp,
      RETRY: async (_event, { user, screen }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    };
    const result = await runPathInUi(model, retryPath, {
      ...uiRun(driver),
      states: { failed: ({ screen }) => expect(screen.getByRole('alert').textContent).toContain('Please call us') },
    });
    expect(result.status).toBe('failed');
    expect(result.error?.message).toContain('failed at step 2');
  });
});
