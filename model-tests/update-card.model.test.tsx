import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, expect, vi } from 'vitest';
import { currentUserSchema } from '../src/api/schemas';
import { currentUser as wireUser } from '../src/api/wire-samples';
import { returnedPaymentFrom } from '../src/domain/payment-return';
import { CARD_NOT_CONFIRMED, PAYMENT_NOT_COMPLETED, UNEXPECTED_CARD_ERROR } from '../src/domain/payment-rules';
import type { UpdateCardActorRef } from '../src/machines/update-card.connect';
import { type UpdateCardInput, updateCardMachine } from '../src/machines/update-card.machine';
import { createSandboxCardPayments } from '../src/providers/card-payments/sandbox-card-payments';
import { PaymentsUnavailableError } from '../src/providers/card-payments/types';
import { getCurrentUser, setCurrentUser } from '../src/session/current-user';
import { UpdateCardFlow } from '../src/views/payments/update-card-flow';
import {
  DECLINED,
  fakeSetupCard,
  INCOMPLETE,
  UPDATE_CARD_RETURN_URL as RETURN_URL,
  unauthenticated,
  unavailable,
  updateCardPaymentModel,
} from './card-payment.update-card.ts';
import { englishOf } from './card-payment.views.ts';
import { type Driver, defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';
import { collected } from './payments.fixtures';

const stored = currentUserSchema.parse({ ...wireUser, token: 'session-token' });

beforeEach(() => {
  setCurrentUser(stored);
});

const inputs: Record<string, UpdateCardInput> = {
  fromLink: { membershipId: 31, returned: null, returnUrl: RETURN_URL },
  withoutMembership: { membershipId: null, returned: null, returnUrl: 'http://localhost:3000/payments/update-card' },
  backFromCardCheck: {
    membershipId: 31,
    // What the provider appends on the way back, read as the route reads it (the same reader as /payment's).
    returned: returnedPaymentFrom({
      setup_intent: 'seti_1',
      setup_intent_client_secret: 'seti_1_secret_x',
      redirect_status: 'succeeded',
    }),
    returnUrl: RETURN_URL,
  },
  backFromPaymentCheck: {
    membershipId: 31,
    returned: returnedPaymentFrom({
      payment_intent: 'pi_3ds',
      payment_intent_client_secret: 'pi_3ds_secret_y',
      redirect_status: 'succeeded',
    }),
    returnUrl: RETURN_URL,
  },
};

const cardPayments = createSandboxCardPayments({ navigate: vi.fn(), now: () => new Date('2027-03-02T12:00:00Z') });

const NOT_AUTHENTICATED = 'We are unable to authenticate your payment method.';

const model = defineModel({
  machine: updateCardMachine,
  inputs,
  // The card part (submit, card-setup, confirm, the SetupIntent's return, saving the card) runs for real as the child
  // `cardPayment`: its answers and checks of what it sends come from its own model (card-payment.update-card.ts).
  children: { cardPayment: updateCardPaymentModel },
  events: {
    SUBMIT: [{ type: 'SUBMIT', card: fakeSetupCard }],
    RETRY: [{ type: 'RETRY' }],
    'xstate.done.actor.cardPayments': [doneEvent('cardPayments', cardPayments)],
    'xstate.error.actor.cardPayments': [
      errorEvent('cardPayments', new PaymentsUnavailableError('Stripe.js did not load in time.')),
    ],
    'xstate.done.actor.handleNextAction': [
      doneEvent('handleNextAction', { paymentIntent: { id: 'pi_3ds', status: 'succeeded' } }),
      doneEvent('handleNextAction', { error: { type: 'card_error', message: NOT_AUTHENTICATED } }),
      doneEvent('handleNextAction', { error: { type: 'api_error' } }),
    ],
    'xstate.error.actor.handleNextAction': [errorEvent('handleNextAction', new Error('Stripe.js failed.'))],
    'xstate.done.actor.collect': [doneEvent('collect', collected.paid), doneEvent('collect', collected.failed)],
    'xstate.error.actor.collect': [errorEvent('collect', unavailable), errorEvent('collect', unauthenticated)],
  },
  context: ['membershipId', 'returned', 'result', 'message'],
  states: {
    // The card payment saves a card for this membership: the mounted form's, or the SetupIntent the return names.
    savingCard: (snapshot) =>
      expect(snapshot.children.cardPayment?.getSnapshot().context).toMatchObject({
        checkout: { membershipId: 31 },
        card: expect.objectContaining({ confirmSetup: expect.any(Function) }),
        returned: null,
        returnUrl: RETURN_URL,
      }),
    confirmingReturn: (snapshot) =>
      expect(snapshot.children.cardPayment?.getSnapshot().context).toMatchObject({
        checkout: { membershipId: 31 },
        card: null,
        returned: snapshot.context.returned,
        returnUrl: RETURN_URL,
      }),
    authenticating: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({
        clientSecret: 'pi_3ds_secret_x',
        paymentIntentId: 'pi_3ds',
        returnUrl: RETURN_URL,
      }),
    collecting: (_snapshot, { invocations }) =>
      expect(invocations.at(-1)?.input).toEqual({ membershipId: 31, paymentIntentId: 'pi_3ds' }),
    'enteringCard.rejected': (snapshot) =>
      expect([INCOMPLETE, DECLINED, CARD_NOT_CONFIRMED, UNEXPECTED_CARD_ERROR, unavailable.message]).toContain(
        englishOf(snapshot.context.message ?? ''),
      ),
    failed: (snapshot) =>
      expect([
        DECLINED,
        PAYMENT_NOT_COMPLETED,
        CARD_NOT_CONFIRMED,
        NOT_AUTHENTICATED,
        UNEXPECTED_CARD_ERROR,
        unavailable.message,
      ]).toContain(englishOf(snapshot.context.message ?? '')),
    toLogin: (snapshot) => {
      expect(getCurrentUser()).toBeNull();
      expect(snapshot.output).toEqual({ to: '/login', search: { returnUrl: '/payments' } });
    },
  },
});

const driver: Driver<typeof updateCardMachine> = {
  SUBMIT: async (_event, { user }) => user.click(await screen.findByRole('button', { name: 'Save card' })),
  RETRY: async (_event, { user }) =>
    user.click(
      screen.queryByRole('button', { name: 'Try again' }) ?? screen.getByRole('button', { name: 'Try another card' }),
    ),
};

async function renderInRouter(actor: UpdateCardActorRef) {
  // The views link back to /payments, so they render inside a router.
  const rootRoute = createRootRoute({ component: () => <UpdateCardFlow actorRef={actor} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/payments/update-card?membership_id=31'] }),
  });
  await router.load();
  return render(<RouterProvider router={router} />);
}

function expectFrame() {
  expect(screen.getByRole('heading', { level: 1, name: 'Update card' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to My payments' }).getAttribute('href')).toBe('/payments');
}

function expectStatus(text: string) {
  expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(text);
}

function expectCardForm(busy: boolean) {
  expect(screen.getByLabelText('Card number')).toBeTruthy();
  const save = screen.getByRole('button', { name: 'Save card' });
  if (busy) {
    expect(save.hasAttribute('disabled')).toBe(true);
    expectStatus('Saving your card…');
  }
}

runPaths({
  model,
  uiRun: {
    name: 'update-card driver',
    render: ({ actor }) => renderInRouter(actor),
    driver,
    states: {
      noMembership: () => {
        expectFrame();
        expect(screen.getByRole('alert').textContent).toBe(
          'This link does not say which membership to update. Open it from My payments.',
        );
      },
      loadingCard: () => expectStatus('Loading the card form…'),
      unavailable: () => {
        expectFrame();
        expect(screen.getByRole('alert').textContent).toBe(
          'Card payments are unavailable right now. Please try again in a moment.',
        );
      },
      'enteringCard.idle': () => {
        expectFrame();
        expectCardForm(false);
        expect(screen.queryByRole('alert')).toBeNull();
      },
      'enteringCard.rejected': ({ snapshot }) => {
        expectCardForm(false);
        expect(screen.getByRole('alert').textContent).toBe(englishOf(snapshot.context.message ?? ''));
      },
      // The card payment child checks, sets up and confirms the card with the form mounted, then saves it.
      'savingCard.withCard': () => expectCardForm(true),
      'savingCard.saving': () => expectStatus('Confirming your payment…'),
      confirmingReturn: () => expectStatus('Confirming your payment…'),
      authenticating: () => expectStatus('Confirming your payment…'),
      collecting: () => expectStatus('Confirming your payment…'),
      paid: () => {
        expectFrame();
        const result = within(screen.getByRole('status'));
        expect(result.getByText('Payment succeeded!')).toBeTruthy();
        expect(
          result.getByText('$100.00 was charged to your Visa ending in 4242. A receipt has been sent to your e-mail.'),
        ).toBeTruthy();
      },
      nothingDue: () => {
        expectFrame();
        const result = within(screen.getByRole('status'));
        expect(result.getByText('Your Visa ending in 4242 is saved.')).toBeTruthy();
        expect(
          result.getByText('Nothing is due right now: your next payments will be charged to this card.'),
        ).toBeTruthy();
      },
      failed: ({ snapshot }) => {
        expectFrame();
        expect(screen.getByRole('alert').textContent).toBe(englishOf(snapshot.context.message ?? ''));
        expect(screen.getByRole('button', { name: 'Try another card' })).toBeTruthy();
      },
    },
  },
});
