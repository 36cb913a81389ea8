import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../api/errors';
import type { QuoteRequest } from '../api/household';
import { type Quote, quoteSchema } from '../api/household.schemas';
import { householdQuoteSample } from '../api/household-samples';
import { setLocale, text } from '../i18n/runtime';
import { householdCardPaymentMachine } from './household-card-payment';
import { householdEditView, householdReviewView, householdScreenOf } from './household-checkout.connect';
import { householdCheckoutMachine } from './household-checkout.machine';

const quote: Quote = quoteSchema.parse(householdQuoteSample);
/** The server's text of a 409 on a line (shown beside the athlete as it came). */
const LICENCE_NOT_AVAILABLE = 'Sorry, this license is not available.';
const input = {
  athletes: [
    { id: 11, name: 'Sam Rivera' },
    { id: 12, name: 'Alex Rivera' },
  ],
  license: 'TIGERS-2027',
  user: null,
  returnUrl: 'http://localhost/payment',
  returned: null,
  checkoutKey: 'checkout-key-1',
};

/** The family checkout with the quote answered by `answer` (and every quote request recorded). */
function start(answer: (request: QuoteRequest) => Promise<Quote>) {
  const requests: QuoteRequest[] = [];
  const machine = householdCheckoutMachine.provide({
    actors: {
      quote: fromPromise<Quote, QuoteRequest>(({ input: request }) => {
        requests.push(request);
        return answer(request);
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, requests };
}

describe('the family checkout view models (issue 20)', () => {
  it('shows loading until the first quote, then every athlete with team, season, plans and protection', async () => {
    const { actor } = start(() => Promise.resolve(quote));
    expect(householdScreenOf(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    const view = householdEditView(actor.getSnapshot());
    expect(householdScreenOf(actor.getSnapshot())).toBe('editing');
    expect(view.athletes.map((athlete) => [athlete.name, athlete.teamLine, athlete.selectedMonth])).toEqual([
      ['Sam Rivera', '12U Tigers · Spring 2027', 0],
      ['Alex Rivera', '12U Tigers · Spring 2027', 0],
    ]);
    expect(view.athletes[1]?.plans).toEqual([
      { month: 0, name: 'Pay in full', todayCents: 43_000, laterCount: 0, laterCents: 0 },
    ]);
    expect(view.athletes[0]?.protection).toEqual({
      description: 'Injury Protection',
      amountCents: 2_900,
      added: false,
    });
    // Every figure from the quote: $905.00 today with the $45.00 sibling discount.
    expect(view.totals).toEqual({
      sibling: { label: { key: 'payment.siblingDiscount' }, amount: 4_500 },
      siblingDiscountCents: 4_500,
      todayCents: 90_500,
      laterCents: 0,
      totalCents: 90_500,
    });
    expect([view.canRemove, view.canGoOn, view.canAddAthlete, view.busy]).toEqual([true, true, true, false]);
    // Fields keep their identity between snapshots (shallowEqual in the views).
    expect(householdEditView(actor.getSnapshot()).athletes).toBe(view.athletes);
    actor.stop();
  });

  it('re-quotes on every change; removing down to one athlete still quotes, and Remove is gone then', async () => {
    const { actor, requests } = start((request) =>
      Promise.resolve({
        ...quote,
        athletes: quote.athletes.filter((line) => request.athletes.some((a) => a.athlete_id === line.athlete_id)),
      }),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'REMOVE_ATHLETE', athleteId: 12 });
    expect(householdEditView(actor.getSnapshot()).busy).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(requests.at(-1)?.athletes.map((line) => line.athlete_id)).toEqual([11]);
    const view = householdEditView(actor.getSnapshot());
    expect(view.athletes.map((athlete) => athlete.name)).toEqual(['Sam Rivera']);
    expect(view.canRemove).toBe(false);
    actor.send({ type: 'REMOVE_ATHLETE', athleteId: 11 });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.stop();
  });

  it('shows a refused code beside the code field and keeps the quote', async () => {
    const refused = new ApiError({
      kind: 'http',
      status: 422,
      message: 'Code not found.',
      messages: { discount_code: ['Code not found.'] },
    });
    const { actor } = start((request) =>
      request.discount_code === 'NOPE' ? Promise.reject(refused) : Promise.resolve(quote),
    );
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'APPLY_DISCOUNT', code: 'NOPE' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    const view = householdEditView(actor.getSnapshot());
    expect(view.codeError).toBe('Code not found.');
    expect(view.discount).toBeNull();
    expect(view.totals?.todayCents).toBe(90_500);
    actor.stop();
  });

  it('step 2: one summary row set per athlete with the sibling discount, one waiver per organization', async () => {
    const { actor } = start(() => Promise.resolve(quote));
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'NEXT' });
    const view = householdReviewView(actor.getSnapshot());
    expect(householdScreenOf(actor.getSnapshot())).toBe('review');
    expect(view.athletes.map((athlete) => athlete.rows.map((row) => row.key))).toEqual([
      ['dues', 'code', 'sibling', 'protection', 'appFee', 'today', 'later'],
      ['dues', 'code', 'sibling', 'protection', 'appFee', 'today', 'later'],
    ]);
    const sibling = view.athletes[1]?.rows.find((row) => row.key === 'sibling');
    expect(sibling?.cents).toBe(-4_500);
    // Issue 31: the label is a message, shown in the language in use.
    expect(sibling && text(sibling.label)).toBe('Sibling discount (10%)');
    expect(view.athletes[1]?.rows.map((row) => text(row.label))).toEqual([
      'Dues',
      'Discount',
      'Sibling discount (10%)',
      'Injury protection',
      'App fee (non-refundable)',
      'Due today',
      'Later payments',
    ]);
    await setLocale('es');
    expect(sibling && text(sibling.label)).toBe('Descuento por hermanos (10%)');
    expect(view.waivers).toEqual([
      {
        organizationId: 1,
        organizationName: 'Northside Youth Baseball',
        waiver: 'Club rules.',
        agreed: false,
        touched: false,
        // Issue 32 point 3: no changed-waiver notice until the server refuses a version.
        notice: null,
      },
    ]);
    expect(view.free).toBe(false);
    actor.send({ type: 'AGREE_WAIVER', organizationId: 1, agreed: true });
    expect(householdReviewView(actor.getSnapshot()).waivers[0]?.agreed).toBe(true);
    actor.stop();
  });

  it("a 409 at Pay Now shows 'Sorry, this license is not available.' beside that athlete, the others kept", async () => {
    // FULLRIDE for both: nothing to charge, so Pay Now goes straight to checkout, which finds Alex's team full.
    const free: Quote = { ...quote, today_cents: 0, later_cents: 0, total_cents: 0 };
    const seatGone = new ApiError({
      kind: 'http',
      status: 409,
      message: LICENCE_NOT_AVAILABLE,
      messages: { 'athletes.12': [LICENCE_NOT_AVAILABLE] },
    });
    const checkouts: unknown[] = [];
    const machine = householdCheckoutMachine.provide({
      actors: {
        quote: fromPromise(() => Promise.resolve(free)),
        // Pay Now is the family's card payment (household-card-payment.ts), its checkout call given here.
        cardPayment: householdCardPaymentMachine.provide({
          actors: {
            checkout: fromPromise(({ input: request }) => {
              checkouts.push(request);
              return Promise.reject(seatGone);
            }),
          },
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'NEXT' });
    expect(householdReviewView(actor.getSnapshot()).free).toBe(true);
    // Every waiver must be agreed first.
    expect(actor.getSnapshot().can({ type: 'PAY', billing: null, card: null })).toBe(false);
    actor.send({ type: 'AGREE_WAIVER', organizationId: 1, agreed: true });
    actor.send({ type: 'PAY', billing: null, card: null });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(checkouts).toEqual([
      { athletes: actor.getSnapshot().context.lines, discount_code: null, checkout_key: 'checkout-key-1' },
    ]);
    const view = householdEditView(actor.getSnapshot());
    expect(view.athletes.map((athlete) => [athlete.name, athlete.problem])).toEqual([
      ['Sam Rivera', null],
      ['Alex Rivera', LICENCE_NOT_AVAILABLE],
    ]);
    expect(view.canGoOn).toBe(false);
    actor.send({ type: 'REMOVE_ATHLETE', athleteId: 12 });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(householdEditView(actor.getSnapshot()).athletes.map((athlete) => athlete.problem)).toEqual([null]);
    actor.stop();
  });
});
