import { act, render, screen, waitFor as settled } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type Quote, quoteSchema } from '../../api/household.schemas';
import { householdQuoteSample } from '../../api/household-samples';
import { PAYMENTS_UNAVAILABLE, WAIVER_AGREEMENT_LABEL, WAIVER_REQUIRED } from '../../domain/payment-rules';
import { setLocale } from '../../i18n/runtime';
import { householdCheckoutMachine } from '../../machines/household-checkout.machine';
import { HouseholdReviewStep } from './household-review-step';

const quote: Quote = quoteSchema.parse(householdQuoteSample);
const WAIVER_BOX = `${WAIVER_AGREEMENT_LABEL} (Northside Youth Baseball waiver)`;

/** The family checkout's step 2 (PayNowForm inside HouseholdReviewStep), quoted with `answer`, card provider absent. */
async function atReview(answer: Quote) {
  const machine = householdCheckoutMachine.provide({ actors: { quote: fromPromise(() => Promise.resolve(answer)) } });
  const actor = createActor(machine, {
    input: {
      athletes: answer.athletes.map((line) => ({ id: line.athlete_id, name: line.name })),
      license: 'TIGERS-2027',
      user: null,
      returnUrl: 'http://localhost/payment',
      returned: null,
      checkoutKey: 'checkout-key-1',
    },
  }).start();
  await waitFor(actor, (snapshot) => snapshot.matches('editing'));
  actor.send({ type: 'NEXT' });
  render(<HouseholdReviewStep actorRef={actor} />);
  return actor;
}

describe('PayNowForm, the pay and waiver block of both checkouts (issue 20 point 1)', () => {
  it('billing details, the card (or why there is none), one waiver per organization, Back and Pay Now', async () => {
    const actor = await atReview(quote);
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your payment' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Billing details' })).toBeTruthy();
    expect(screen.getByLabelText('Name on card')).toBeTruthy();
    // This test provides no card provider: the form says so and offers to try again.
    expect(await screen.findByText(PAYMENTS_UNAVAILABLE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Northside Youth Baseball waiver' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay Now' }).disabled).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: WAIVER_BOX }));
    await user.click(screen.getByRole('checkbox', { name: WAIVER_BOX }));
    // The agreement goes to the machine; unticked again, its error is tied to the box.
    expect(actor.getSnapshot().context.agreedWaivers).not.toContain(1);
    expect(screen.getByText(WAIVER_REQUIRED)).toBeTruthy();
    // No card: Pay Now stays disabled even with the waiver agreed.
    await user.click(screen.getByRole('checkbox', { name: WAIVER_BOX }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay Now' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.stop();
  });

  it('a full discount: nothing charged, no billing details and no card; Pay Now once the waiver is agreed', async () => {
    const actor = await atReview({ ...quote, today_cents: 0, later_cents: 0, total_cents: 0 });
    expect(
      screen.getByText('Your discount covers the full amount: nothing is charged and no card is needed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Billing details' })).toBeNull();
    expect(screen.queryByText(PAYMENTS_UNAVAILABLE)).toBeNull();
    const payNow = screen.getByRole<HTMLButtonElement>('button', { name: 'Pay Now' });
    expect(payNow.disabled).toBe(true);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: WAIVER_BOX }));
    await settled(() => expect(payNow.disabled).toBe(false));
    actor.stop();
  });

  it("in Spanish (issue 31): the glossary's fixed texts, and a switch re-renders the step in place", async () => {
    const actor = await atReview(quote);
    await act(() => setLocale('es'));
    expect(screen.getByRole('heading', { level: 1, name: 'Pago' })).toBeTruthy();
    expect(screen.getByText('Paso 2 de 2')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Tu pago' })).toBeTruthy();
    expect(screen.getByLabelText('Nombre en la tarjeta')).toBeTruthy();
    expect(await screen.findByText(/Los pagos con tarjeta no están disponibles/)).toBeTruthy();
    expect(screen.getAllByText(/^Descuento por hermanos/).length).toBeGreaterThan(0);
    const box =
      'Acepto los términos y condiciones indicados arriba. (Exención de responsabilidad de Northside Youth Baseball)';
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: box }));
    await user.click(screen.getByRole('checkbox', { name: box }));
    expect(screen.getByText('Debes aceptar los términos y condiciones')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagar ahora' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Atrás' })).toBeTruthy();
    actor.stop();
  });
});
