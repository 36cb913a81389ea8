import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { expiryState, normalizeCardNumber, passesLuhn } from '../../../src/domain/card-number.ts';
import {
  type PaymentIntentRow,
  paymentIntents,
  type SandboxSetupIntentRow,
  sandboxPaymentMethods,
  sandboxRateRefusals,
  sandboxRateWindows,
  sandboxRefunds,
  sandboxSetupIntents,
} from '../../db/schema/providers.ts';
import type { ProviderDb } from '../provider-deps.ts';
import { randomBase62 } from '../random-id.ts';
import type {
  CardPayments,
  CardSummary,
  IntentStatus,
  PaymentIntent,
  RefundOutcome,
  SavedCardCharge,
  SetupIntent,
  SetupIntentStatus,
} from '../types.ts';
import { isIntentStatus, isSetupIntentStatus } from './intent-status.ts';
import { CardRateLimitError } from './provider-errors.ts';
import {
  CARD_ERRORS,
  type CardError,
  type CardOutcome,
  cardBrand,
  outcomeForCard,
  type SavedCardBehavior,
  savedCardBehavior,
} from './test-cards.ts';

/** Stripe's limits, kept so code that works against the sandbox also works against Stripe. */
const MIN_AMOUNT_CENTS = 50;
const MAX_AMOUNT_CENTS = 99_999_999;
const MAX_METADATA_KEYS = 50;
const MAX_METADATA_KEY_LENGTH = 40;
const MAX_METADATA_VALUE_LENGTH = 500;
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Stripe's test mode answers 429 above 25 requests per second (live mode: 100). */
export const SANDBOX_DEFAULT_RATE_LIMIT = 25;

const INTENT_ID = /^pi_[A-Za-z0-9]{8,64}$/;
const SETUP_INTENT_ID = /^seti_[A-Za-z0-9]{8,64}$/;
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9]{8,64}$/;

/** States from which a confirmation may (re)start; everything else is final or owned by someone else. */
const CONFIRMABLE: IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
/** States Stripe lets a PaymentIntent be canceled from (for cards: nothing has been charged yet). */
const CANCELABLE: IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
];
/** Money has moved (or is moving): confirming again must not charge a second time. */
const SETTLED: ReadonlySet<string> = new Set(['succeeded', 'processing', 'requires_capture']);

export interface SandboxIntent extends PaymentIntent {
  /** Stripe's `last_payment_error` of the latest failed attempt; cleared on success. */
  lastError: CardError | null;
  customerId: string | null;
  /** 'off_session' when the card confirmed on it is saved to the customer. */
  setupFutureUsage: string | null;
}

export interface SandboxSetupIntent extends SetupIntent {
  lastError: CardError | null;
}

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type ClientLookup =
  | { kind: 'found'; intent: SandboxIntent }
  | { kind: 'not-found' }
  | { kind: 'secret-mismatch' };

export type ConfirmResult =
  | { kind: 'not-found' }
  | { kind: 'secret-mismatch' }
  /** The intent was canceled; Stripe answers payment_intent_unexpected_state. */
  | { kind: 'unexpected-state'; intent: SandboxIntent }
  | { kind: 'card-error'; error: CardError; intent: SandboxIntent }
  | { kind: 'requires-action'; intent: SandboxIntent }
  /** `charged` is true only for the one confirmation that moved the intent to succeeded. */
  | { kind: 'confirmed'; intent: SandboxIntent; charged: boolean };

export type AuthenticationResult =
  | { kind: 'not-found' }
  | { kind: 'secret-mismatch' }
  | { kind: 'done'; intent: SandboxIntent };

/** Stripe refuses reusing a key with different parameters; so does the sandbox. */
export class IdempotencyKeyReuseError extends Error {
  override readonly name = 'IdempotencyKeyReuseError';
  constructor(key: string) {
    super(
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    );
  }
}

function toIntent(row: PaymentIntentRow): SandboxIntent {
  if (!isIntentStatus(row.status)) throw new Error(`payment intent ${row.id} has an unknown status`);
  if (row.currency !== 'usd') throw new Error(`payment intent ${row.id} has an unsupported currency`);
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountCents: row.amountCents,
    currency: 'usd',
    metadata: row.metadata,
    paymentMethodId: row.paymentMethodId,
    lastError: (row.lastError as CardError | null) ?? null,
    customerId: row.customerId,
    setupFutureUsage: row.setupFutureUsage,
  };
}

function toSetupIntent(row: SandboxSetupIntentRow): SandboxSetupIntent {
  if (!isSetupIntentStatus(row.status)) throw new Error(`setup intent ${row.id} has an unknown status`);
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    customerId: row.customerId,
    paymentMethodId: row.paymentMethodId,
    metadata: row.metadata,
    lastError: (row.lastError as CardError | null) ?? null,
  };
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sameMetadata(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

function validateCreate(input: Parameters<CardPayments['createIntent']>[0]): void {
  if (!Number.isInteger(input.amountCents) || input.amountCents < MIN_AMOUNT_CENTS) {
    throw new RangeError(`amountCents must be an integer of at least ${MIN_AMOUNT_CENTS} (Stripe's minimum)`);
  }
  if (input.amountCents > MAX_AMOUNT_CENTS) throw new RangeError(`amountCents must be at most ${MAX_AMOUNT_CENTS}`);
  if (input.currency !== 'usd') throw new RangeError('currency must be usd');
  const key = input.idempotencyKey;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new RangeError(`idempotencyKey must have 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  const entries = Object.entries(input.metadata);
  if (entries.length > MAX_METADATA_KEYS) throw new RangeError(`metadata may have at most ${MAX_METADATA_KEYS} keys`);
  for (const [k, v] of entries) {
    if (k.length === 0 || k.length > MAX_METADATA_KEY_LENGTH || typeof v !== 'string') {
      throw new RangeError(`metadata key '${k}' is invalid`);
    }
    if (v.length > MAX_METADATA_VALUE_LENGTH) throw new RangeError(`metadata value of '${k}' is too long`);
  }
}

/** The card checks Stripe makes before it talks to the card network. */
function validateCard(card: CardDetails, now: Date): CardError | null {
  const digits = normalizeCardNumber(card.number);
  if (!passesLuhn(digits)) return CARD_ERRORS.incorrectNumber;
  const expiry = expiryState(card.expMonth, card.expYear, now);
  if (expiry === 'invalid-year') return CARD_ERRORS.invalidExpiryYear;
  if (expiry === 'invalid-month') return CARD_ERRORS.invalidExpiryMonth;
  // American Express prints a 4-digit code; every other network a 3-digit one.
  const cvcLength = digits.startsWith('34') || digits.startsWith('37') ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return CARD_ERRORS.invalidCvc;
  return null;
}

/**
 * The card-payment sandbox (design.md §6): PaymentIntents in the database with Stripe's statuses and
 * `pi_<id>_secret_<rand>` secrets. Every state change is a compare-and-set on the status, so concurrent
 * confirmations of one intent charge at most once on both PGlite and PostgreSQL.
 */
export class SandboxCardPayments implements CardPayments {
  readonly name = 'sandbox' as const;
  /**
   * Issue 33 point 2: the server's requests (every CardPayments call; not the browser's confirmations, which Stripe.js
   * makes) per second of the database's clock, across every process, above which the sandbox answers Stripe's 429
   * `rate_limit` and records the refusal in `sandbox_rate_refusals`. SANDBOX_RATE_LIMIT; tests turn it down and up.
   */
  rateLimitPerSecond: number;

  constructor(
    private readonly db: ProviderDb,
    private readonly now: () => Date = () => new Date(),
    options: { rateLimitPerSecond?: number | undefined } = {},
  ) {
    this.rateLimitPerSecond = options.rateLimitPerSecond ?? SANDBOX_DEFAULT_RATE_LIMIT;
  }

  /**
   * Counts a request in its second (one upsert, so processes counting at once never lose one) and refuses it with a
   * 429 past the limit, as Stripe does: nothing of the request is done then. The first request of a second drops the
   * counts older than a minute.
   */
  private async admit(operation: string, idempotencyKey: string | null): Promise<void> {
    const [row] = await this.db
      .insert(sandboxRateWindows)
      .values({ windowStart: sql`date_trunc('second', clock_timestamp())`, requests: 1 })
      .onConflictDoUpdate({
        target: sandboxRateWindows.windowStart,
        set: { requests: sql`${sandboxRateWindows.requests} + 1` },
      })
      .returning({ requests: sandboxRateWindows.requests });
    const requests = row?.requests ?? 1;
    if (requests === 1) {
      await this.db
        .delete(sandboxRateWindows)
        .where(lt(sandboxRateWindows.windowStart, sql`clock_timestamp() - interval '1 minute'`));
    }
    if (requests <= this.rateLimitPerSecond) return;
    await this.db.insert(sandboxRateRefusals).values({ operation, idempotencyKey });
    throw new CardRateLimitError();
  }

  async createIntent(input: Parameters<CardPayments['createIntent']>[0]): Promise<PaymentIntent> {
    await this.admit('createIntent', input.idempotencyKey);
    validateCreate(input);
    const id = `pi_${randomBase62(24)}`;
    const inserted = await this.db
      .insert(paymentIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBase62(25)}`,
        status: 'requires_payment_method',
        amountCents: input.amountCents,
        currency: input.currency,
        metadata: { ...input.metadata },
        idempotencyKey: input.idempotencyKey,
        customerId: input.customerId ?? null,
        setupFutureUsage: input.saveCard ? 'off_session' : null,
      })
      .onConflictDoNothing({ target: paymentIntents.idempotencyKey })
      .returning();
    const created = inserted[0];
    if (created) return publicIntent(toIntent(created));

    const [existing] = await this.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.idempotencyKey, input.idempotencyKey));
    if (!existing) throw new Error('payment intent vanished after an idempotency conflict');
    if (
      existing.amountCents !== input.amountCents ||
      existing.currency !== input.currency ||
      !sameMetadata(existing.metadata, input.metadata)
    ) {
      throw new IdempotencyKeyReuseError(input.idempotencyKey);
    }
    return publicIntent(toIntent(existing));
  }

  async retrieveIntent(id: string): Promise<PaymentIntent | null> {
    await this.admit('retrieveIntent', null);
    const row = await this.load(id);
    return row ? publicIntent(row) : null;
  }

  async cancelIntent(id: string): Promise<PaymentIntent | null> {
    await this.admit('cancelIntent', null);
    // Compare-and-set: a confirmation racing the cancel either wins (succeeded, answered as it is) or finds the
    // intent canceled and fails as Stripe's does (payment_intent_unexpected_state).
    const canceled = await this.transition(id, CANCELABLE, 'canceled', null);
    if (canceled) return publicIntent(canceled);
    const current = await this.load(id);
    return current ? publicIntent(current) : null;
  }

  async refundIntent(id: string): Promise<void> {
    await this.admit('refundIntent', null);
    const intent = await this.load(id);
    if (!intent) throw new Error(`payment intent ${id} does not exist`);
    if (intent.status !== 'succeeded') throw new Error(`payment intent ${id} has not succeeded and cannot be refunded`);
    await this.db
      .update(paymentIntents)
      .set({ refundedAt: this.now(), updatedAt: this.now() })
      .where(and(eq(paymentIntents.id, id), isNull(paymentIntents.refundedAt)));
  }

  async refundAmount(input: Parameters<CardPayments['refundAmount']>[0]): Promise<RefundOutcome> {
    const { intentId, amountCents, idempotencyKey } = input;
    await this.admit('refundAmount', idempotencyKey);
    if (!Number.isInteger(amountCents) || amountCents < 1) throw new Error('amount must be a positive integer');
    return this.db.transaction(async (tx) => {
      // The intent's row is the lock: concurrent refunds of one charge are counted one after the other.
      const [intent] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intentId)).for('update');
      if (!intent) throw new Error(`payment intent ${intentId} does not exist`);
      const [earlier] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      if (earlier) return { status: 'refunded', refundId: earlier.id };
      if (intent.status !== 'succeeded') {
        throw new Error(`payment intent ${intentId} has not succeeded and cannot be refunded`);
      }
      if (intent.refundedAt) return { status: 'exceeds' };
      const refunds = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, intentId));
      const refunded = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
      if (refunded + amountCents > intent.amountCents) return { status: 'exceeds' };
      const id = `re_${randomBase62(24)}`;
      await tx.insert(sandboxRefunds).values({ id, paymentIntentId: intentId, amountCents, idempotencyKey });
      if (refunded + amountCents === intent.amountCents) {
        await tx
          .update(paymentIntents)
          .set({ refundedAt: this.now(), updatedAt: this.now() })
          .where(eq(paymentIntents.id, intentId));
      }
      return { status: 'refunded', refundId: id };
    });
  }

  /** Whether a succeeded intent was refunded (Stripe keeps such an intent `succeeded`; its charge is refunded). */
  async isRefunded(id: string): Promise<boolean> {
    if (!INTENT_ID.test(id)) return false;
    const [row] = await this.db
      .select({ refundedAt: paymentIntents.refundedAt })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, id));
    return row?.refundedAt !== null && row?.refundedAt !== undefined;
  }

  /** What a browser holding the client secret may read. */
  async findForClient(id: string, clientSecret: string): Promise<ClientLookup> {
    const intent = await this.load(id);
    if (!intent) return { kind: 'not-found' };
    if (!sameSecret(intent.clientSecret, clientSecret)) return { kind: 'secret-mismatch' };
    return { kind: 'found', intent };
  }

  /**
   * Confirms the intent with a card, or without one (`card` null) with the saved card it was created for (a charge of
   * a saved card that needs 3-D Secure, as Stripe.js `confirmCardPayment(clientSecret)` does).
   */
  async confirm(id: string, clientSecret: string, card: CardDetails | null): Promise<ConfirmResult> {
    const lookup = await this.findForClient(id, clientSecret);
    if (lookup.kind !== 'found') return lookup;
    const settled = settledResult(lookup.intent);
    if (settled) return settled;

    let outcome: CardOutcome;
    let paymentMethodId: string | null = null;
    if (card === null) {
      const saved = lookup.intent.paymentMethodId ? await this.paymentMethod(lookup.intent.paymentMethodId) : null;
      if (!saved) return { kind: 'unexpected-state', intent: lookup.intent };
      paymentMethodId = saved.id;
      outcome = onSessionOutcome(saved.behavior as SavedCardBehavior);
    } else {
      const cardError = validateCard(card, this.now());
      const digits = normalizeCardNumber(card.number);
      outcome = cardError ? { kind: 'fail', error: cardError } : outcomeForCard(digits);
      // Stripe makes a PaymentMethod of every card it confirms; with setup_future_usage it is the customer's.
      if (outcome.kind !== 'fail') {
        const saveTo = lookup.intent.setupFutureUsage ? lookup.intent.customerId : null;
        paymentMethodId = await this.savePaymentMethod(digits, card, saveTo);
      }
    }

    switch (outcome.kind) {
      case 'succeed': {
        const moved = await this.transition(id, CONFIRMABLE, 'succeeded', null, paymentMethodId);
        if (moved) return { kind: 'confirmed', intent: moved, charged: true };
        break;
      }
      case 'authenticate': {
        const moved = await this.transition(id, CONFIRMABLE, 'requires_action', null, paymentMethodId);
        if (moved) return { kind: 'requires-action', intent: moved };
        break;
      }
      case 'fail': {
        const moved = await this.transition(id, CONFIRMABLE, 'requires_payment_method', outcome.error);
        if (moved) return { kind: 'card-error', error: outcome.error, intent: moved };
        break;
      }
    }
    // Another request settled the intent between our read and our write: report what it did, charge nothing.
    const current = await this.load(id);
    if (!current) return { kind: 'not-found' };
    return settledResult(current) ?? { kind: 'unexpected-state', intent: current };
  }

  /** The outcome of the sandbox 3-D Secure page; only an intent awaiting authentication changes. */
  async authenticate(id: string, clientSecret: string, succeeded: boolean): Promise<AuthenticationResult> {
    const lookup = await this.findForClient(id, clientSecret);
    if (lookup.kind !== 'found') return lookup;
    const moved = succeeded
      ? await this.transition(id, ['requires_action'], 'succeeded', null)
      : await this.transition(id, ['requires_action'], 'requires_payment_method', CARD_ERRORS.authenticationFailed);
    if (moved) return { kind: 'done', intent: moved };
    const current = await this.load(id);
    return current ? { kind: 'done', intent: current } : { kind: 'not-found' };
  }

  async createCustomer(input: Parameters<CardPayments['createCustomer']>[0]): Promise<string> {
    await this.admit('createCustomer', input.idempotencyKey);
    // Nothing to keep: a customer is only the id cards are saved under. The caller stores it once per payer.
    return `cus_${randomBase62(14)}`;
  }

  async chargeSavedCard(input: Parameters<CardPayments['chargeSavedCard']>[0]): Promise<SavedCardCharge> {
    await this.admit('chargeSavedCard', input.idempotencyKey);
    validateCreate(input);
    const [existing] = await this.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.idempotencyKey, input.idempotencyKey));
    // Same key: the same charge as the first time, never a second one.
    if (existing) return chargeAnswer(toIntent(existing));
    const saved = await this.paymentMethod(input.paymentMethodId);
    const usable = saved !== null && saved.customerId === input.customerId;
    const behavior = (saved?.behavior ?? 'decline') as SavedCardBehavior;
    const outcome: CardOutcome = !usable
      ? { kind: 'fail', error: CARD_ERRORS.declined }
      : input.offSession && behavior === 'authenticate'
        ? { kind: 'fail', error: CARD_ERRORS.authenticationRequired }
        : onSessionOutcome(behavior);
    const status: IntentStatus =
      outcome.kind === 'succeed'
        ? 'succeeded'
        : outcome.kind === 'authenticate'
          ? 'requires_action'
          : 'requires_payment_method';
    const id = `pi_${randomBase62(24)}`;
    const [row] = await this.db
      .insert(paymentIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBase62(25)}`,
        status,
        amountCents: input.amountCents,
        currency: input.currency,
        metadata: { ...input.metadata },
        idempotencyKey: input.idempotencyKey,
        customerId: input.customerId,
        paymentMethodId: usable ? input.paymentMethodId : null,
        lastError: outcome.kind === 'fail' ? { ...outcome.error } : null,
      })
      .onConflictDoNothing({ target: paymentIntents.idempotencyKey })
      .returning();
    if (row) return chargeAnswer(toIntent(row));
    // A concurrent call with the same key won: answer its charge.
    const [winner] = await this.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.idempotencyKey, input.idempotencyKey));
    if (!winner) throw new Error('payment intent vanished after an idempotency conflict');
    return chargeAnswer(toIntent(winner));
  }

  async createSetupIntent(input: { customerId: string; metadata: Record<string, string> }): Promise<SetupIntent> {
    await this.admit('createSetupIntent', null);
    const id = `seti_${randomBase62(24)}`;
    const [row] = await this.db
      .insert(sandboxSetupIntents)
      .values({
        id,
        clientSecret: `${id}_secret_${randomBase62(25)}`,
        customerId: input.customerId,
        status: 'requires_payment_method',
        metadata: { ...input.metadata },
      })
      .returning();
    if (!row) throw new Error('setup intent insert returned nothing');
    return publicSetupIntent(toSetupIntent(row));
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntent | null> {
    await this.admit('retrieveSetupIntent', null);
    const row = await this.loadSetupIntent(id);
    return row ? publicSetupIntent(row) : null;
  }

  async cardSummary(paymentMethodId: string): Promise<CardSummary | null> {
    await this.admit('cardSummary', null);
    const row = await this.paymentMethod(paymentMethodId);
    return row ? { brand: row.brand, last4: row.last4 } : null;
  }

  async findSetupIntentForClient(
    id: string,
    clientSecret: string,
  ): Promise<{ kind: 'found'; intent: SandboxSetupIntent } | { kind: 'not-found' }> {
    const intent = await this.loadSetupIntent(id);
    if (!intent || !sameSecret(intent.clientSecret, clientSecret)) return { kind: 'not-found' };
    return { kind: 'found', intent };
  }

  /** Confirms a SetupIntent with a card: saved to the customer, after 3-D Secure for the cards that need it. */
  async confirmSetup(
    id: string,
    clientSecret: string,
    card: CardDetails,
  ): Promise<
    | { kind: 'not-found' }
    | { kind: 'unexpected-state'; intent: SandboxSetupIntent }
    | { kind: 'card-error'; error: CardError; intent: SandboxSetupIntent }
    | { kind: 'requires-action' | 'confirmed'; intent: SandboxSetupIntent }
  > {
    const lookup = await this.findSetupIntentForClient(id, clientSecret);
    if (lookup.kind !== 'found') return lookup;
    if (lookup.intent.status === 'succeeded') return { kind: 'confirmed', intent: lookup.intent };
    if (lookup.intent.status === 'canceled') return { kind: 'unexpected-state', intent: lookup.intent };
    const cardError = validateCard(card, this.now());
    const digits = normalizeCardNumber(card.number);
    const outcome: CardOutcome = cardError ? { kind: 'fail', error: cardError } : outcomeForCard(digits);
    const from = ['requires_payment_method', 'requires_action'];
    if (outcome.kind === 'fail') {
      const moved = await this.moveSetup(id, from, 'requires_payment_method', outcome.error, null);
      return moved ? { kind: 'card-error', error: outcome.error, intent: moved } : this.setupSettled(id);
    }
    const paymentMethodId = await this.savePaymentMethod(digits, card, lookup.intent.customerId);
    const to = outcome.kind === 'authenticate' ? 'requires_action' : 'succeeded';
    const moved = await this.moveSetup(id, from, to, null, paymentMethodId);
    if (!moved) return this.setupSettled(id);
    return { kind: to === 'succeeded' ? 'confirmed' : 'requires-action', intent: moved };
  }

  /** The outcome of the sandbox 3-D Secure page for a SetupIntent. */
  async authenticateSetup(
    id: string,
    clientSecret: string,
    succeeded: boolean,
  ): Promise<{ kind: 'not-found' } | { kind: 'done'; intent: SandboxSetupIntent }> {
    const lookup = await this.findSetupIntentForClient(id, clientSecret);
    if (lookup.kind !== 'found') return lookup;
    const moved = succeeded
      ? await this.moveSetup(id, ['requires_action'], 'succeeded', null, lookup.intent.paymentMethodId)
      : await this.moveSetup(
          id,
          ['requires_action'],
          'requires_payment_method',
          CARD_ERRORS.authenticationFailed,
          null,
        );
    const current = moved ?? (await this.loadSetupIntent(id));
    return current ? { kind: 'done', intent: current } : { kind: 'not-found' };
  }

  private async setupSettled(id: string) {
    const current = await this.loadSetupIntent(id);
    if (!current) return { kind: 'not-found' as const };
    if (current.status === 'succeeded') return { kind: 'confirmed' as const, intent: current };
    return { kind: 'unexpected-state' as const, intent: current };
  }

  private async moveSetup(
    id: string,
    from: string[],
    to: SetupIntentStatus,
    lastError: CardError | null,
    paymentMethodId: string | null,
  ): Promise<SandboxSetupIntent | null> {
    const [row] = await this.db
      .update(sandboxSetupIntents)
      .set({ status: to, lastError: lastError ? { ...lastError } : null, paymentMethodId, updatedAt: this.now() })
      .where(and(eq(sandboxSetupIntents.id, id), inArray(sandboxSetupIntents.status, from)))
      .returning();
    return row ? toSetupIntent(row) : null;
  }

  private async loadSetupIntent(id: string): Promise<SandboxSetupIntent | null> {
    if (!SETUP_INTENT_ID.test(id)) return null;
    const [row] = await this.db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, id));
    return row ? toSetupIntent(row) : null;
  }

  private async paymentMethod(id: string) {
    if (!PAYMENT_METHOD_ID.test(id)) return null;
    const [row] = await this.db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
    return row ?? null;
  }

  /** Keeps the card as Stripe's PaymentMethod does: brand, last four, expiry, and how later charges behave. */
  private async savePaymentMethod(digits: string, card: CardDetails, customerId: string | null): Promise<string> {
    const id = `pm_${randomBase62(24)}`;
    await this.db.insert(sandboxPaymentMethods).values({
      id,
      customerId,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      behavior: savedCardBehavior(digits),
    });
    return id;
  }

  private async load(id: string): Promise<SandboxIntent | null> {
    if (!INTENT_ID.test(id)) return null;
    const [row] = await this.db.select().from(paymentIntents).where(eq(paymentIntents.id, id));
    return row ? toIntent(row) : null;
  }

  private async transition(
    id: string,
    from: IntentStatus[],
    to: IntentStatus,
    lastError: CardError | null,
    paymentMethodId?: string | null,
  ): Promise<SandboxIntent | null> {
    const [row] = await this.db
      .update(paymentIntents)
      .set({
        status: to,
        lastError: lastError ? { ...lastError } : null,
        ...(paymentMethodId ? { paymentMethodId } : {}),
        updatedAt: this.now(),
      })
      .where(and(eq(paymentIntents.id, id), inArray(paymentIntents.status, from)))
      .returning();
    return row ? toIntent(row) : null;
  }
}

function settledResult(intent: SandboxIntent): ConfirmResult | null {
  if (SETTLED.has(intent.status)) return { kind: 'confirmed', intent, charged: false };
  if (intent.status === 'canceled') return { kind: 'unexpected-state', intent };
  return null;
}

function publicIntent(intent: SandboxIntent): PaymentIntent {
  const { lastError, customerId: _customerId, setupFutureUsage: _setupFutureUsage, ...rest } = intent;
  return { ...rest, lastError: lastError ? { code: lastError.code, message: lastError.message } : null };
}

function publicSetupIntent(intent: SandboxSetupIntent): SetupIntent {
  const { lastError: _lastError, ...rest } = intent;
  return rest;
}

/** A charge of a saved card with the family present: 3-D Secure cards ask for it, declining cards decline. */
function onSessionOutcome(behavior: SavedCardBehavior): CardOutcome {
  if (behavior === 'succeed') return { kind: 'succeed' };
  if (behavior === 'authenticate') return { kind: 'authenticate' };
  return { kind: 'fail', error: CARD_ERRORS.declined };
}

function chargeAnswer(intent: SandboxIntent): SavedCardCharge {
  const answer = publicIntent(intent);
  if (intent.status === 'succeeded') return { status: 'succeeded', intent: answer };
  if (intent.status === 'requires_action') return { status: 'requires_action', intent: answer };
  const error = intent.lastError ?? CARD_ERRORS.declined;
  return { status: 'failed', intent: answer, code: error.code, message: error.message };
}
