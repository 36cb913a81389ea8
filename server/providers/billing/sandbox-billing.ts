import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { expiryState, fullExpiryYear, normalizeCardNumber, passesLuhn } from '../../../src/domain/card-number.ts';
import { billingTokens } from '../../db/schema/providers.ts';
import type { ProviderDb } from '../provider-deps.ts';
import { randomBase62 } from '../random-id.ts';
import type { BillingTerm, PurchaseResult, SubscriptionBilling } from '../types.ts';
import { billingOutcomeForCard, isBillingOutcome } from './billing-test-cards.ts';

/** Hosted-form tokens are short-lived; a token older than this is refused like an unknown one. */
export const BILLING_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

/** Shown as it is by the site (spec §8: any text other than the four codes). */
export const TOKEN_REFUSED_TEXT = 'Your card details have expired. Please enter your card again.';

const TOKEN_ID = /^sbx-tok-[A-Za-z0-9]{24}$/;
const TERMS: ReadonlySet<string> = new Set<BillingTerm>(['annual', 'annual-pm', 'quarterly', 'monthly']);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** Month and year arrive as numbers or as the digits a form field holds. */
const smallInteger = (label: string) =>
  z.union(
    [
      z.number().int(),
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/)
        .transform(Number),
    ],
    {
      error: `${label} is invalid.`,
    },
  );

const tokenRequestSchema = z
  .object({
    number: z
      .string({ error: 'Card number is required.' })
      .transform(normalizeCardNumber)
      .refine(passesLuhn, { error: 'Card number is invalid.' }),
    month: smallInteger('Expiration month').refine((m) => m >= 1 && m <= 12, {
      error: 'Expiration month is invalid.',
    }),
    year: smallInteger('Expiration year'),
    cvv: z
      .string({ error: 'Security code is required.' })
      .trim()
      .regex(/^\d{3,4}$/, {
        error: 'Security code is invalid.',
      }),
    first_name: text('First name', 50),
    last_name: text('Last name', 50),
    address1: text('Address', 100),
    city: text('City', 50),
    state: z
      .string({ error: 'State is required.' })
      .trim()
      .regex(/^[A-Za-z]{2}$/, { error: 'State must be a two-letter code.' })
      .transform((s) => s.toUpperCase()),
    postal_code: z
      .string({ error: 'Postal code is required.' })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, { error: 'Postal code is invalid.' }),
    country: z
      .string({ error: 'Country is required.' })
      .trim()
      .regex(/^[A-Za-z]{2}$/, { error: 'Country must be a two-letter code.' })
      .transform((s) => s.toUpperCase()),
  })
  .superRefine((value, ctx) => {
    const expiry = expiryState(value.month, value.year, new Date());
    if (expiry === 'invalid-year') ctx.addIssue({ code: 'custom', path: ['year'], message: 'Card has expired.' });
    if (expiry === 'invalid-month') ctx.addIssue({ code: 'custom', path: ['month'], message: 'Card has expired.' });
  });

export type TokenRequest = z.output<typeof tokenRequestSchema>;

export type TokenValidation = { ok: true; value: TokenRequest } | { ok: false; messages: Record<string, string[]> };

/** Validates a card-form submission; the field names are those of docs/api.md (and of Recurly.js). */
export function validateTokenRequest(body: unknown): TokenValidation {
  const parsed = tokenRequestSchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const messages: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'body';
    const list = messages[field] ?? [];
    // A wrong type and a failed refinement can both fire for one field; one sentence per problem is enough.
    if (!list.includes(issue.message)) list.push(issue.message);
    messages[field] = list;
  }
  return { ok: false, messages };
}

/**
 * The subscription-billing sandbox (design.md §6): a local card form exchanges card details for a single-use
 * `sbx-tok-…` token, and purchase() charges it. Only the last four digits are stored.
 */
export class SandboxBilling implements SubscriptionBilling {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: ProviderDb,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createToken(card: TokenRequest): Promise<{ id: string }> {
    const id = `sbx-tok-${randomBase62(24)}`;
    await this.db.insert(billingTokens).values({
      id,
      cardLast4: card.number.slice(-4),
      outcome: billingOutcomeForCard(card.number),
      expMonth: card.month,
      expYear: fullExpiryYear(card.year),
      firstName: card.first_name,
      lastName: card.last_name,
      address1: card.address1,
      city: card.city,
      state: card.state,
      postalCode: card.postal_code,
      country: card.country,
      createdAt: this.now(),
    });
    return { id };
  }

  async purchase(input: Parameters<SubscriptionBilling['purchase']>[0]): Promise<PurchaseResult> {
    // Recurly answers an unknown plan this way; the sandbox offers exactly the four terms of spec §6.
    if (!TERMS.has(input.term)) return { ok: false, code: 'nosubplan' };
    if (!TOKEN_ID.test(input.tokenId)) return { ok: false, code: TOKEN_REFUSED_TEXT };

    const now = this.now();
    // Consuming is one conditional update, so two purchases racing with one token cannot both charge it.
    const [token] = await this.db
      .update(billingTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(billingTokens.id, input.tokenId),
          isNull(billingTokens.usedAt),
          gt(billingTokens.createdAt, new Date(now.getTime() - BILLING_TOKEN_LIFETIME_MS)),
        ),
      )
      .returning({ outcome: billingTokens.outcome });
    if (!token) return { ok: false, code: TOKEN_REFUSED_TEXT };
    if (!isBillingOutcome(token.outcome)) return { ok: false, code: 'error' };
    if (token.outcome !== 'ok') return { ok: false, code: token.outcome };
    return { ok: true, subscriptionId: `sbx-sub-${randomBase62(24)}` };
  }
}
