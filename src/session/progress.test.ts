import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { loginProgress } from '../machines/login.persist';
import { paymentProgress } from '../machines/payment.persist';
import { registerProgress } from '../machines/register.persist';
import { readGuardianDraft, writeGuardianDraft } from './guardian-draft';
import {
  createProgressSaver,
  forgetLocalProgress,
  machineVersion,
  type ProgressSave,
  resumePointFrom,
  savableSnapshot,
  stripSecrets,
  writeLocalProgress,
} from './progress';
import { fitsMachine, readLocalProgress, resumeOutcome } from './progress-restore';

/** A stand-in flow with the payment machine's step names, small enough to reason about. */
const flowMachine = setup({ types: { events: {} as { type: 'NEXT' } } }).createMachine({
  id: 'payment',
  context: {
    user: { license: { license_code: 'TIGERS-2027' } },
    data: { athlete: { id: 11 } },
    selectedPlanMonth: 3,
    includeProtection: true,
    discount: { code: 'FULLRIDE' },
    household: null,
  },
  initial: 'choosingPlan',
  states: { choosingPlan: { on: { NEXT: 'checkout' } }, checkout: {} },
});

const version = machineVersion(flowMachine);

function persistedAt(state: 'choosingPlan' | 'checkout'): Record<string, unknown> {
  const actor = createActor(flowMachine).start();
  if (state === 'checkout') actor.send({ type: 'NEXT' });
  return savableSnapshot(actor.getPersistedSnapshot());
}

afterEach(() => {
  vi.useRealTimers();
  forgetLocalProgress();
});

describe('what a saved registration may carry (issue 21)', () => {
  it('drops passwords, tokens, card, billing and provider secrets at any depth, and anything not JSON', () => {
    const stripped = stripSecrets({
      guardian: { email: 'pat@example.com', password: 'secret1', confirmPassword: 'secret1' },
      athletes: [{ user_id: 11, name: 'Sam', token: 'athlete-11' }],
      card: { mount: () => undefined },
      cardPayments: { confirm: () => undefined },
      billing: { name: 'Pat', postal_code: '12345' },
      returned: { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret' },
      paidCheckout: { stripe_payment_intent_id: 'pi_1' },
      nested: { deeper: [{ client_secret: 'x', payment_method: 'pm_1', cvc: '123', card_number: '4242' }] },
      when: new Date(0),
      count: Number.NaN,
      kept: { selectedPlanMonth: 3, discount: { code: 'FULLRIDE' } },
    });
    expect(stripped).toEqual({
      guardian: { email: 'pat@example.com' },
      athletes: [{ user_id: 11, name: 'Sam' }],
      paidCheckout: {},
      nested: { deeper: [{}] },
      count: null,
      kept: { selectedPlanMonth: 3, discount: { code: 'FULLRIDE' } },
    });
  });

  it('versions a machine by its state ids: a renamed state changes the version', () => {
    const renamed = setup({}).createMachine({
      id: 'payment',
      initial: 'choosingPlan',
      states: { choosingPlan: {}, checkingOut: {} },
    });
    expect(machineVersion(flowMachine)).toBe(version);
    expect(machineVersion(renamed)).not.toBe(version);
  });
});

describe('resume points (issue 21)', () => {
  it('reads the step and the choices of a payment', () => {
    expect(resumePointFrom(paymentProgress, persistedAt('checkout'))).toEqual({
      flow: 'payment',
      license: 'TIGERS-2027',
      step: 'checkout',
      athleteId: 11,
      planMonth: 3,
      includeProtection: true,
      discountCode: 'FULLRIDE',
    });
  });

  it('saves nothing of a wizard before the account exists, nor of loading states', () => {
    const wizard = (value: unknown, account: unknown) => ({
      value,
      context: { license: 'TIGERS-2027', athleteStep: 'athleteList', account },
    });
    expect(resumePointFrom(registerProgress, wizard({ guardianAccount: { form: 'idle' } }, null))).toBeNull();
    expect(resumePointFrom(registerProgress, wizard({ guardianAccount: { form: 'idle' } }, { id: 1 }))).toMatchObject({
      step: 'account',
    });
    expect(resumePointFrom(loginProgress, wizard({ guardianLogin: 'loggingIn' }, null))).toBeNull();
    expect(resumePointFrom(paymentProgress, { value: 'loadingPlans', context: {} })).toBeNull();
  });
});

describe('restoring a saved registration (issue 21)', () => {
  it('a snapshot whose state no longer exists does not fit, and is discarded quietly', () => {
    const saved = persistedAt('checkout');
    const gone = { ...saved, value: 'reviewing' };
    // XState reports the unknown state as an error snapshot; building the actor never throws.
    expect(
      fitsMachine(flowMachine, version, {
        license: 'TIGERS-2027',
        flow: 'payment',
        machine_version: version,
        step: 'payment.checkout',
        snapshot: { status: 'active', value: 'reviewing', context: {} },
      }),
    ).toBe(false);
    expect(
      fitsMachine(flowMachine, version, {
        license: 'TIGERS-2027',
        flow: 'payment',
        machine_version: version,
        step: 'payment.checkout',
        snapshot: gone,
      }),
    ).toBe(false);

    writeLocalProgress({
      license: 'TIGERS-2027',
      flow: 'payment',
      machine_version: version,
      step: 'payment.checkout',
      snapshot: gone,
    });
    expect(resumeOutcome(paymentProgress, flowMachine, version, 'TIGERS-2027')).toEqual({
      kind: 'discarded',
      license: 'TIGERS-2027',
    });
    expect(readLocalProgress()).toBeNull();
  });

  it('an older machine version is discarded; a fitting copy resumes', () => {
    const snapshot = persistedAt('checkout');
    writeLocalProgress({
      license: 'TIGERS-2027',
      flow: 'payment',
      machine_version: 'm1-old',
      step: 'payment.checkout',
      snapshot,
    });
    expect(resumeOutcome(paymentProgress, flowMachine, version, null).kind).toBe('discarded');

    writeLocalProgress({
      license: 'TIGERS-2027',
      flow: 'payment',
      machine_version: version,
      step: 'payment.checkout',
      snapshot,
    });
    expect(resumeOutcome(paymentProgress, flowMachine, version, 'TIGERS-2027')).toMatchObject({
      kind: 'resume',
      point: { step: 'checkout', planMonth: 3, discountCode: 'FULLRIDE' },
    });
    // Another flow's copy, or another licence's, is not this page's to resume.
    expect(resumeOutcome(loginProgress, flowMachine, version, 'TIGERS-2027').kind).toBe('none');
    expect(resumeOutcome(paymentProgress, flowMachine, version, 'WAVES-2027').kind).toBe('none');
  });
});

describe('the debounced saver (issue 21)', () => {
  let sent: ProgressSave[];
  let leaving: ProgressSave[];
  let loggedIn: boolean;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    leaving = [];
    loggedIn = true;
  });

  function saver() {
    return createProgressSaver(paymentProgress, version, {
      save: async (body) => {
        sent.push(body);
      },
      saveOnLeave: (body) => leaving.push(body),
      hasAccount: () => loggedIn,
    });
  }

  it('keeps a local copy at once and sends once the flow stays still for 800 ms', () => {
    const progress = saver();
    progress.update(createActor(flowMachine).start().getPersistedSnapshot());
    expect(readLocalProgress()).toMatchObject({ flow: 'payment', step: 'payment.choosingPlan' });
    vi.advanceTimersByTime(500);
    const actor = createActor(flowMachine).start();
    actor.send({ type: 'NEXT' });
    progress.update(actor.getPersistedSnapshot());
    vi.advanceTimersByTime(799);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      license: 'TIGERS-2027',
      flow: 'payment',
      machine_version: version,
      step: 'payment.checkout',
      athlete_id: 11,
    });
  });

  it('sends a pending save with keepalive when the page is hidden, and nothing twice', () => {
    const progress = saver();
    progress.update(createActor(flowMachine).start().getPersistedSnapshot());
    progress.flush(true);
    progress.flush(true);
    vi.runAllTimers();
    expect(leaving).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('sends nothing without an account, and a completed payment drops the local copy', () => {
    loggedIn = false;
    const progress = saver();
    progress.update(createActor(flowMachine).start().getPersistedSnapshot());
    vi.runAllTimers();
    expect(sent).toEqual([]);
    expect(readLocalProgress()).not.toBeNull();
    progress.clear();
    expect(readLocalProgress()).toBeNull();
  });
});

describe('a completed flow that had been saved (issue 21)', () => {
  it('discards its row once the saves sent have settled: one may land after the server cleared the row', async () => {
    vi.useFakeTimers();
    const discarded: string[] = [];
    const answers: Array<() => void> = [];
    const progress = createProgressSaver(paymentProgress, version, {
      save: () =>
        new Promise<void>((resolve) => {
          answers.push(resolve);
        }),
      saveOnLeave: () => undefined,
      hasAccount: () => true,
      discard: async (license) => {
        discarded.push(license);
      },
    });
    progress.update(createActor(flowMachine).start().getPersistedSnapshot());
    vi.advanceTimersByTime(800);
    progress.clear();
    await vi.runAllTimersAsync();
    expect(discarded).toEqual([]);
    for (const answer of answers) answer();
    await vi.runAllTimersAsync();
    expect(discarded).toEqual(['TIGERS-2027']);
    // Nothing sent, nothing to discard.
    const unsent = createProgressSaver(paymentProgress, version, {
      save: async () => undefined,
      saveOnLeave: () => undefined,
      hasAccount: () => true,
      discard: async (license) => {
        discarded.push(license);
      },
    });
    unsent.update(createActor(flowMachine).start().getPersistedSnapshot());
    unsent.clear();
    await vi.runAllTimersAsync();
    expect(discarded).toEqual(['TIGERS-2027']);
  });
});

describe('register step 1 before the account exists (issue 21)', () => {
  it('keeps the typed fields in this tab, never the passwords', () => {
    writeGuardianDraft({
      firstName: 'Pat',
      lastName: 'Rivera',
      phone: '555-123-4567',
      email: 'pat@example.com',
      ...{ password: 'secret1' },
    });
    expect(readGuardianDraft()).toEqual({
      firstName: 'Pat',
      lastName: 'Rivera',
      phone: '555-123-4567',
      email: 'pat@example.com',
    });
    expect(sessionStorage.getItem('diamond.guardianDraft')).not.toContain('secret1');
  });
});
