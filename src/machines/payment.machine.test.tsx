import { render, screen } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { act, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { jsonResponse, stubFetch } from '../api/fetch-stub';
import { paymentDataSchema } from '../api/payment-data.schemas';
import { subscriptionStatusSchema, userSchema } from '../api/schemas';
import { initialBillingForm } from '../domain/forms/payment-billing';
import { createSandboxCardPayments } from '../providers/card-payments/sandbox-card-payments';
import { draftChannelActor } from '../providers/realtime/draft-channel.actor';
import { PaymentFlow } from '../views/payment/payment-flow';
import { cardPaymentMachine } from './card-payment.machine';
import { draftPreviewMachine } from './draft-preview';
import { type PaymentInput, paymentMachine } from './payment.machine';

// The draft channel, as the realtime provider would deliver it.
const realtime = vi.hoisted(() => ({
  listeners: new Map<string, () => void>(),
  unsubscribed: [] as string[],
}));
vi.mock('../providers/realtime/index', () => ({
  subscribeToChannel: (channel: string, event: string, listener: () => void) => {
    realtime.listeners.set(`${channel}:${event}`, listener);
    return { unsubscribe: () => realtime.unsubscribed.push(channel) };
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  realtime.listeners.clear();
  realtime.unsubscribed.length = 0;
});

function draftData(totalDues: number) {
  return {
    team: {
      id: 1,
      name: '12U Tigers',
      total_dues: totalDues,
      athlete_deposit: 50,
      payment_plan_fee: 5,
      total_app_fee: 25,
      is_app_fee_itemized: true,
      waiver: null,
    },
    season: { id: 1, name: 'Spring 2027', start_date: '2027-03-01' },
    injury_protection_insurance: null,
    payment_plans: [
      {
        month: 0,
        name: 'Pay in full',
        phases: [{ start_time_formatted: 'Today', amount: totalDues + 25, base_amount: totalDues + 25 }],
      },
    ],
    is_season_set: true,
    connected_account_stripe_id: null,
    error: null,
  };
}

// As /draft provides it (src/routes/draft.page.tsx).
const draftMachine = draftPreviewMachine.provide({ actors: { draftChannel: draftChannelActor } });

function Flow({ input }: { input: PaymentInput }) {
  const actorRef = useActorRef(draftMachine, { input });
  return <PaymentFlow actorRef={actorRef} preview />;
}

describe('the draft preview (the payment machine) with its real actors', () => {
  it("survives React's strict mode restarting it while the first load is in flight", async () => {
    const requests = stubFetch(() => jsonResponse(draftData(450)));
    render(
      <StrictMode>
        <Flow input={{ draftId: 1 }} />
      </StrictMode>,
    );
    expect(await screen.findByRole('radio', { name: 'Pay in full $475.00 due today' })).toBeTruthy();
    expect(screen.queryByText('The request was cancelled.')).toBeNull();
    // §6: the draft preview sends no authorization.
    expect(requests.every((request) => request.headers.get('Authorization') === null)).toBe(true);
    expect(requests[0]?.body).toEqual({ draft_id: 1, discount_code: null, include_payment_protection_plan: false });
  });

  it("reloads the preview on the draft channel's 'updated' event (§4)", async () => {
    let dues = 450;
    const requests = stubFetch(() => jsonResponse(draftData(dues)));
    const view = render(<Flow input={{ draftId: 7 }} />);
    expect(await screen.findByRole('radio', { name: 'Pay in full $475.00 due today' })).toBeTruthy();
    const updated = realtime.listeners.get('team.draft.7:updated');
    expect(updated).toBeDefined();
    dues = 500;
    act(() => updated?.());
    expect(await screen.findByRole('radio', { name: 'Pay in full $525.00 due today' })).toBeTruthy();
    expect(requests.filter((request) => request.url.endsWith('/nova-field/team-draft-payment-plans'))).toHaveLength(2);
    view.unmount();
    expect(realtime.unsubscribed).toContain('team.draft.7');
  });

  it('stays on the protection page through a live update while the plan is offered, and leaves it when it is not (issue 19.3)', async () => {
    let protection: { id: number; description: string; amount: number } | null = {
      id: 3,
      description: 'Injury protection',
      amount: 2000,
    };
    stubFetch(() => jsonResponse({ ...draftData(450), injury_protection_insurance: protection }));
    const actor = createActor(draftMachine, { input: { draftId: 9 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('choosingPlan'));
    actor.send({ type: 'SELECT_PLAN', month: 0 });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (snapshot) => snapshot.matches('protection'));
    const updated = realtime.listeners.get('team.draft.9:updated');
    expect(updated).toBeDefined();
    updated?.();
    expect(actor.getSnapshot().matches('protection')).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.matches('protection'));
    protection = null;
    updated?.();
    await waitFor(actor, (snapshot) => snapshot.matches('choosingPlan'));
    actor.stop();
  });
});

describe("the draft preview never runs issue 20's children (bench: /draft ships neither)", () => {
  it("keeps the placeholders of the athlete steps and the family checkout, and refuses 'Add another athlete'", async () => {
    // The page provides the real machines (src/routes/payment.page.tsx); the preview provides neither.
    expect(draftMachine.implementations.actors.cardPayment).toMatchObject({ id: 'notProvided' });
    expect(draftMachine.implementations.actors.athleteSteps).toMatchObject({ id: 'notProvided' });
    expect(draftMachine.implementations.actors.householdCheckout).toMatchObject({ id: 'notProvided' });
    // Payment data naming an athlete (what offers 'Add another athlete' on /payment).
    stubFetch(() => jsonResponse({ ...draftData(450), athlete: { id: 12, name: 'Sam Rivera' } }));
    // Every child the preview ever runs, by invoke id.
    const started = new Set<string>();
    const actor = createActor(draftMachine, { input: { draftId: 3 } });
    actor.subscribe((snapshot) => {
      for (const id of Object.keys(snapshot.children)) started.add(id);
    });
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.matches('choosingPlan'));
    actor.send({ type: 'ADD_ATHLETE' });
    expect(actor.getSnapshot().matches('choosingPlan')).toBe(true);
    expect([...started]).toContain('paymentPlans');
    expect([...started]).not.toContain('athleteSteps');
    expect([...started]).not.toContain('householdCheckout');
    expect([...started]).not.toContain('cardPayment');
    actor.stop();
  });
});

describe('Pay Now (issue 13: the billing schema guards the machine)', () => {
  const payer = {
    id: 40,
    name: 'Pat Parent',
    email: 'pat@example.com',
    phone: null,
    username: null,
    is_new: false,
    is_coach: false,
    has_subscription: false,
    player: null,
    license: null,
    subscription: null,
  };
  const card = {
    submit: () => new Promise<never>(() => {}),
    confirm: () => new Promise<never>(() => {}),
    confirmSetup: () => new Promise<never>(() => {}),
  };
  const billing = initialBillingForm(payer);

  async function atCheckout() {
    const machine = paymentMachine.provide({
      actors: {
        currentUser: fromPromise(async () => userSchema.parse(payer)),
        subscriptionStatus: fromPromise(async () => subscriptionStatusSchema.parse({ payment_complete: 0 })),
        paymentPlans: fromPromise(async () => paymentDataSchema.parse(draftData(450))),
        cardPayments: fromPromise(async () => createSandboxCardPayments({ navigate: vi.fn(), now: () => new Date() })),
        // As /payment provides it (payment.setup.ts leaves it to the page).
        cardPayment: cardPaymentMachine,
      },
    });
    const actor = createActor(machine, { input: { user: null } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('choosingPlan'));
    actor.send({ type: 'SELECT_PLAN', month: 0 });
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (snapshot) => snapshot.matches({ checkout: 'ready' }));
    return actor;
  }

  it('refuses billing details without a name on card: nothing is paid', async () => {
    const actor = await atCheckout();
    actor.send({ type: 'PAY', billing: { ...billing, name: ' ' }, card });
    expect(actor.getSnapshot().matches({ checkout: { ready: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().children.cardPayment).toBeUndefined();
    actor.send({ type: 'PAY', billing: { ...billing, email: 'not-an-email' }, card });
    expect(actor.getSnapshot().matches({ checkout: { ready: 'idle' } })).toBe(true);
  });

  it('pays with billing details the schema accepts', async () => {
    const actor = await atCheckout();
    actor.send({ type: 'PAY', billing, card });
    expect(actor.getSnapshot().matches('paying')).toBe(true);
    expect(actor.getSnapshot().children.cardPayment?.getSnapshot().context.billing).toEqual({
      name: 'Pat Parent',
      email: 'pat@example.com',
      address: { country: 'US' },
    });
  });
});
