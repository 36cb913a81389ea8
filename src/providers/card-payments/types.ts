/**
 * The card-payments seam (design.md §6): Stripe (Stripe.js + Elements) in production, the offline sandbox
 * otherwise. Both speak Stripe's shapes, so the payment flow cannot tell them apart. This file holds types only:
 * importing it costs no bytes, which keeps card code off every page but /payment.
 */
import type { ReactNode } from 'react';
import type { PaymentIntentStatus, SetupIntentStatus } from '../../api/schemas';
import type { Message } from '../../i18n/runtime';

/** Stripe's `billing_details` of a payment method; empty parts are left out. */
export interface BillingDetails {
  readonly name: string;
  readonly email: string;
  readonly address?: {
    readonly line1?: string;
    readonly city?: string;
    readonly state?: string;
    readonly postal_code?: string;
    readonly country?: string;
  };
}

export interface CardIntent {
  readonly id: string;
  readonly status: PaymentIntentStatus;
}

/** Stripe's error shape: `card_error` and `validation_error` carry a message meant for the payer (§8). */
export interface CardError {
  readonly type: string;
  readonly code?: string | undefined;
  /** Stripe's text, in the language of the Elements locale. */
  readonly message?: string | undefined;
  /**
   * The sandbox's own errors (its card form's validation, its test cards' declines): the catalogue's message, shown
   * instead of `message` in the language in use (issue 31). Stripe's errors have none.
   */
  readonly text?: Message | undefined;
}

/** What Stripe.js's confirmPayment and retrievePaymentIntent resolve to. */
export type CardResult =
  | { readonly paymentIntent: CardIntent; readonly error?: undefined }
  | { readonly error: CardError; readonly paymentIntent?: undefined };

export interface ConfirmRequest {
  readonly clientSecret: string;
  readonly billingDetails: BillingDetails | null;
  /** Where a 3-D Secure redirect comes back to (/payment with the checkout parameters). */
  readonly returnUrl: string;
}

/**
 * The mounted card form. Its owner (the checkout view) passes it along with Pay Now, and the payment machine uses
 * it: validate first (Stripe requires elements.submit() before an intent is created), then confirm.
 */
export interface CardFormHandle {
  submit(): Promise<{ readonly error?: CardError | undefined }>;
  /**
   * Confirms the intent with the entered card, redirecting only when required (3-D Secure): then, as with
   * Stripe.js, the page navigates away and the promise never settles.
   */
  confirm(request: ConfirmRequest): Promise<CardResult>;
  /**
   * A plan with nothing due today: confirms checkout's SetupIntent with the entered card instead (saved for the
   * instalments; Stripe Elements in setup mode), redirecting only for 3-D Secure like `confirm`.
   */
  confirmSetup(request: ConfirmRequest): Promise<SetupResult>;
}

export interface CardFormProps {
  /** Charged today, in cents (Stripe Elements' deferred-intent mode shows and checks it). */
  readonly amount: number;
  /** Called with the form's handle once it can take a card, and with null when it cannot. */
  readonly onHandle: (handle: CardFormHandle | null) => void;
  readonly disabled?: boolean;
}

export interface SetupIntentResult {
  readonly id: string;
  readonly status: SetupIntentStatus;
}

/** What Stripe.js's confirmSetup and retrieveSetupIntent resolve to. */
export type SetupResult =
  | { readonly setupIntent: SetupIntentResult; readonly error?: undefined }
  | { readonly error: CardError; readonly setupIntent?: undefined };

export interface ConfirmSetupRequest {
  readonly clientSecret: string;
  /** Where a 3-D Secure redirect comes back to (the update-card page of the membership). */
  readonly returnUrl: string;
}

/**
 * The mounted form of a card saved for later charges (the update-card page): validate first (Stripe requires
 * elements.submit() before the SetupIntent is created), then confirm the SetupIntent with the entered card. A
 * 3-D Secure card leaves the page as with `confirm`, and the promise never settles.
 */
export interface SetupFormHandle {
  submit(): Promise<{ readonly error?: CardError | undefined }>;
  confirmSetup(request: ConfirmSetupRequest): Promise<SetupResult>;
}

export interface SetupFormProps {
  /** Called with the form's handle once it can take a card, and with null when it cannot. */
  readonly onHandle: (handle: SetupFormHandle | null) => void;
  readonly disabled?: boolean;
}

/** A loaded card provider. */
export interface CardPayments {
  readonly name: 'stripe' | 'sandbox';
  /** The card form as an element (its component is the adapter's own, so React keeps it mounted across renders). */
  renderCardForm(props: CardFormProps): ReactNode;
  /** Looks an intent up after the payer came back from the provider (Stripe's retrievePaymentIntent). */
  retrieve(request: { readonly clientSecret: string; readonly paymentIntentId: string }): Promise<CardResult>;
  /** The form of a card saved for later off-session charges (Stripe's Payment Element in setup mode). */
  renderSetupForm(props: SetupFormProps): ReactNode;
  /** Looks a SetupIntent up after the family came back from 3-D Secure (Stripe's retrieveSetupIntent). */
  retrieveSetup(request: { readonly clientSecret: string; readonly setupIntentId: string }): Promise<SetupResult>;
  /**
   * Authenticates a payment intent the server already confirmed with the saved card (status requires_action):
   * Stripe's handleNextAction; the sandbox leaves for its 3-D Secure page, which comes back to `returnUrl` (the
   * promise then never settles).
   */
  handleNextAction(request: {
    readonly clientSecret: string;
    readonly paymentIntentId: string;
    readonly returnUrl: string;
  }): Promise<CardResult>;
}

/** The provider's script did not load (offline, blocked, too slow): the page says so instead of hanging. */
export class PaymentsUnavailableError extends Error {
  override readonly name = 'PaymentsUnavailableError';
}
