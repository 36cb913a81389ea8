/**
 * What a person does and sees on the family checkout (src/views/payment/household-*.tsx): the driver and the screen
 * checks, keyed by household-checkout.machine.ts's states. Its own model test renders the family checkout alone; the
 * payment flow passes these as the views of its child `householdCheckout` (UiRun.children).
 */
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { formatUsd } from '../src/domain/money';
import { WAIVER_AGREEMENT_LABEL } from '../src/domain/payment-rules';
import type { householdCheckoutMachine } from '../src/machines/household-checkout.machine';
import { addAthleteViews } from './add-athlete.views.ts';
import { WAIVER_CHANGED } from './card-payment.model.ts';
import { cardPaymentViews, englishOf } from './card-payment.views.ts';
import type { Views } from './harness/index.ts';
import {
  CASH_INSTRUCTIONS,
  CODE_NOT_FOUND_TEXT,
  NOT_AVAILABLE,
  ONE_ORGANIZATION,
  ORGANIZATION,
} from './household-checkout.model.ts';

const WAIVER_BOX = `${WAIVER_AGREEMENT_LABEL} (${ORGANIZATION} waiver)`;

function nameOf(snapshot: { context: { athletes: readonly { id: number; name: string }[] } }, id: number): string {
  return snapshot.context.athletes.find((athlete) => athlete.id === id)?.name ?? '?';
}

function heading(name: string) {
  return screen.getByRole('heading', { level: 1, name });
}

export const householdViews: Views<typeof householdCheckoutMachine> = {
  name: 'household checkout driver',
  driver: {
    SELECT_PLAN: async (event, { user, actor }) => {
      const name = nameOf(actor.getSnapshot(), event.athleteId);
      const group = screen.getByRole('group', { name: `Payment plan for ${name}` });
      const plan = event.month === 0 ? 'Pay in full' : '3 monthly payments';
      await user.click(within(group).getByRole('radio', { name: new RegExp(`^${plan}`) }));
    },
    TOGGLE_PROTECTION: async (event, { user, actor }) => {
      const name = nameOf(actor.getSnapshot(), event.athleteId);
      await user.click(screen.getByRole('checkbox', { name: new RegExp(`Injury Protection for ${name}`) }));
    },
    REMOVE_ATHLETE: async (event, { user, actor }) =>
      user.click(screen.getByRole('button', { name: `Remove ${nameOf(actor.getSnapshot(), event.athleteId)}` })),
    APPLY_DISCOUNT: async (event, { user }) => {
      const field = screen.getByLabelText('Discount code');
      await user.clear(field);
      if (event.code !== '') await user.type(field, event.code);
      await user.click(screen.getByRole('button', { name: 'Apply' }));
    },
    ADD_ATHLETE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Add another athlete' })),
    NEXT: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Next' })),
    BACK: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Back' })),
    RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    AGREE_WAIVER: async (_event, { user }) => user.click(screen.getByRole('checkbox', { name: WAIVER_BOX })),
    PAY: async (event, { user }) => {
      const number = screen.queryByLabelText('Card number');
      if (number instanceof HTMLInputElement && number.value === '') {
        await user.type(number, '4242424242424242');
        await user.type(screen.getByLabelText('Expiry (MM / YY)'), '12/30');
        await user.type(screen.getByLabelText('CVC'), '123');
      }
      const name = screen.queryByLabelText('Name on card');
      if (name instanceof HTMLInputElement && name.value !== (event.billing?.name ?? name.value)) {
        await user.clear(name);
        if (event.billing?.name) await user.type(name, event.billing.name);
      }
      // Issue 34 point 4: by check or cash the button says 'Complete registration'.
      const complete = screen.queryByRole('button', { name: 'Complete registration' });
      await user.click(complete ?? screen.getByRole('button', { name: 'Pay Now' }));
    },
    CHOOSE_PAYMENT_METHOD: async (event, { user }) =>
      user.click(screen.getByRole('radio', { name: event.method === 'card' ? 'Pay by card' : 'Pay by check or cash' })),
  },
  states: {
    quoting: ({ snapshot }) => {
      if (snapshot.context.quote === null) expect(screen.getByText('Loading your payment options…')).toBeTruthy();
      else expect(heading('Payment Options')).toBeTruthy();
    },
    quoteFailed: () => {
      expect(screen.getByRole('alert').textContent).toContain('Could not reach the server.');
      expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    },
    editing: ({ snapshot }) => {
      expect(heading('Payment Options')).toBeTruthy();
      const { context } = snapshot;
      // Every athlete with team and season; 'Remove' while more than one is left.
      for (const athlete of context.athletes) {
        expect(screen.getByRole('heading', { level: 2, name: athlete.name })).toBeTruthy();
        expect(screen.queryByRole('button', { name: `Remove ${athlete.name}` }) !== null).toBe(
          context.lines.length > 1,
        );
      }
      expect(screen.getAllByText('12U Tigers · Spring 2027')).toHaveLength(context.athletes.length);
      // Each problem beside its athlete (issue 20 point 3), tied to it with aria-describedby.
      for (const id of Object.keys(context.problems)) {
        const name = context.athletes.find((athlete) => String(athlete.id) === id)?.name ?? '?';
        const item = screen.getByRole('listitem', { name });
        expect(within(item).getByRole('alert').textContent).toBe(NOT_AVAILABLE);
      }
      const quote = context.quote;
      if (quote !== null && quote.sibling_discount_cents > 0) {
        expect(screen.getByText('Sibling discount').nextElementSibling?.textContent).toBe(
          `−${formatUsd(quote.sibling_discount_cents)}`,
        );
      }
      if (context.codeError !== null) expect(screen.getByText(CODE_NOT_FOUND_TEXT)).toBeTruthy();
      // The athlete of another organization was taken out again: step 1 says why.
      if (context.notice !== null) expect(screen.getAllByRole('alert')[0]?.textContent).toBe(ONE_ORGANIZATION);
      const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
      expect(next.disabled).toBe(!snapshot.can({ type: 'NEXT' }));
    },
    review: ({ snapshot }) => {
      expect(heading('Checkout')).toBeTruthy();
      const summary = screen.getByRole('region', { name: 'Your payment' });
      // One fee summary: each athlete's lines, then the household's 'Sibling discount', then the totals.
      for (const line of snapshot.context.quote?.athletes ?? []) {
        expect(within(summary).getByRole('heading', { name: line.name })).toBeTruthy();
      }
      expect(within(summary).getAllByText(/^Sibling discount/)).toHaveLength(
        (snapshot.context.quote?.athletes.length ?? 0) + 1,
      );
      expect(within(summary).getByText('Due today', { selector: '.household-summary__totals dt' })).toBeTruthy();
      const box = screen.getByRole('checkbox', { name: WAIVER_BOX });
      // Issue 32 point 3: after a refused Pay Now the new text is asked again, the server's text tied to the box.
      const notice = snapshot.context.waiverNotice;
      if (notice !== null) {
        expect(notice).toBe(WAIVER_CHANGED);
        expect((box as HTMLInputElement).checked).toBe(false);
        const alert = screen.getByText(WAIVER_CHANGED);
        expect(alert.getAttribute('role')).toBe('alert');
        expect(box.getAttribute('aria-describedby')).toContain(alert.id);
      } else {
        expect(screen.queryByText(WAIVER_CHANGED)).toBeNull();
      }
    },
    // Issue 32 point 3: the changed waiver is quoted again with step 2 on screen, nothing payable meanwhile.
    rereadingWaivers: ({ snapshot }) => {
      expect(heading('Checkout')).toBeTruthy();
      // By check or cash (issue 34 point 4) the button is 'Complete registration'.
      const name = snapshot.context.paymentMethod === 'check_or_cash' ? 'Complete registration' : 'Pay Now';
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    },
    'review.ready': ({ snapshot }) => {
      const free = snapshot.context.quote?.today_cents === 0 && snapshot.context.quote.later_cents === 0;
      // Issue 34 point 4: by check or cash no card and no billing details; the club's instructions instead.
      const byCheck = snapshot.context.paymentMethod === 'check_or_cash';
      if (free || byCheck) expect(screen.queryByLabelText('Card number')).toBeNull();
      else expect(screen.getByLabelText('Card number')).toBeTruthy();
      const offered = snapshot.context.checkOrCash !== null && !free;
      expect(screen.queryByRole('group', { name: 'How will you pay?' }) !== null).toBe(offered);
      if (byCheck) {
        expect(screen.getByRole('heading', { name: `Instructions from ${ORGANIZATION}` })).toBeTruthy();
        expect(screen.getByText(CASH_INSTRUCTIONS)).toBeTruthy();
        expect(screen.queryByLabelText('Name on card')).toBeNull();
      }
    },
    // Issue 34 point 4: 'Complete registration' under way: step 2 on screen, nothing to press meanwhile.
    recordingCheckOrCash: () => {
      expect(heading('Checkout')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Complete registration' }) as HTMLButtonElement).disabled).toBe(true);
    },
    'review.unavailable': () => expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy(),
    'review.ready.message': ({ snapshot }) => {
      const shown = snapshot.context.message ?? snapshot.context.error ?? '?';
      expect(within(screen.getByRole('main')).getByText(englishOf(shown))).toBeTruthy();
    },
    paying: ({ snapshot }) => {
      if (snapshot.context.returned !== null) return;
      expect(heading('Checkout')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(true);
    },
  },
  // Pay Now and the 3-D Secure return are the card payment's (its return screen is the one-athlete payment's).
  children: { athleteSteps: addAthleteViews, cardPayment: cardPaymentViews },
};
