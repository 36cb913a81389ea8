import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type PaymentIntentRow, paymentIntents } from '../../db/schema/providers.ts';
import { expiryState, normalizeCardNumber, passesLuhn } from '../card-number.ts';
import type { ProviderDb } from '../provider-deps.ts';
import { randomBase62 } from '../random-id.ts';
import type { CardPayments, IntentStatus, PaymentIntent } from '../types.ts';
import { isIntentStatus } from './intent-status.ts';
import { CARD_ERRORS, type CardError, outcomeForCard } from './test-cards.ts';

/** Stripe's limits, kept so code that works against the sandbox also works against Stripe. */
const MIN_AMOUNT_CENTS = 50;
const MAX_AMOUNT_CENTS = 99_999_999;
const MAX_METADATA_KEYS = 50;
const MAX_METADATA_KEY_LENGTH = 40;
const MAX_METADATA_VALUE_LENGTH = 500;
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const INTENT_ID = /^pi_[A-Za-z0-9]{8,64}$/;

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

  constructor(
    private readonly db: ProviderDb,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createIntent(input: Parameters<CardPayments['createIntent']>[0]): Promise<PaymentIntent> {
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
    const row = await this.load(id);
    return row ? publicIntent(row) : null;
  }

  async cancelIntent(id: string): Promise<PaymentIntent | null> {
    // Compare-and-set: a confirmation racing the cancel either wins (succeeded, answered as it is) or finds the
    // intent canceled and fails as Stripe's does (payment_intent_unexpected_state).
    const canceled = await this.transition(id, CANCELABLE, 'canceled', null);
    if (canceled) return publicIntent(canceled);
    return this.retrieveIntent(id);
  }

  async refundIntent(id: string): Promise<void> {
    const intent = await this.load(id);
    if (!intent) throw new Error(`payment intent ${id} does not exist`);
    if (intent.status !== 'succeeded') throw new Error(`payment intent ${id} has not succeeded and cannot be refunded`);
    await this.db
      .update(paymentIntents)
      .set({ refundedAt: this.now(), updatedAt: this.now() })
      .where(and(eq(paymentIntents.id, id), isNull(paymentIntents.refundedAt)));
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

  async confirm(id: string, clientSecret: string, card: CardDetails): Promise<ConfirmResult> {
    const lookup = await this.findForClient(id, clientSecret);
    if (lookup.kind !== 'found') return lookup;
    const settled = settledResult(lookup.intent);
    if (settled) return settled;

    const cardError = validateCard(card, this.now());
    const outcome = cardError
      ? ({ kind: 'fail', error: cardError } as const)
      : outcomeForCard(normalizeCardNumber(card.number));

    switch (outcome.kind) {
      case 'succeed': {
        const moved = await this.transition(id, CONFIRMABLE, 'succeeded', null);
        if (moved) return { kind: 'confirmed', intent: moved, charged: true };
        break;
      }
      case 'authenticate': {
        const moved = await this.transition(id, CONFIRMABLE, 'requires_action', null);
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
  ): Promise<SandboxIntent | null> {
    const [row] = await this.db
      .update(paymentIntents)
      .set({ status: to, lastError: lastError ? { ...lastError } : null, updatedAt: this.now() })
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
  const { lastError: _lastError, ...rest } = intent;
  return rest;
}
