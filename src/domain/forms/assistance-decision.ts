/**
 * Issue 34 point 2, the console's decisions on financial assistance: 'Approve another amount' (dollars typed, cents
 * sent, at least $0.01; the server checks it against the dues and the season's budget), 'Decline' with a message to
 * the family, and the owner's season budget (dollars, $0.00 to $1,000,000.00). Messages: keys of the `helpPayingAdmin`
 * group, the server's texts; an amount that is not one uses the console's shared AMOUNT_INVALID.
 */
import { z } from 'zod/mini';
import { maxCharacters } from '../characters.ts';
import type { FormMessage } from '../form-schema.ts';
import { AMOUNT_INVALID, AMOUNT_TOO_BIG, dollarsTextToCents, MONEY_MAX_CENTS } from './admin-fields.ts';

/** In characters as a person counts them (an emoji is one): characters.ts. */
export const DECISION_MESSAGE_MAX_LENGTH = 500;
export const APPROVE_AMOUNT_REQUIRED = 'helpPayingAdmin.amountRequired' satisfies FormMessage;
export const DECLINE_MESSAGE_REQUIRED = 'helpPayingAdmin.messageRequired' satisfies FormMessage;
export const DECLINE_MESSAGE_TOO_LONG = 'helpPayingAdmin.messageTooLong' satisfies FormMessage;
export const BUDGET_REQUIRED = 'helpPayingAdmin.budgetRequired' satisfies FormMessage;

function dollarsField(required: FormMessage, minimum: number) {
  return z.pipe(
    z.transform((text: string) => dollarsTextToCents(text)),
    z
      .int({ error: (issue) => (issue.input === undefined ? required : AMOUNT_INVALID) })
      .check(z.minimum(minimum, required), z.maximum(MONEY_MAX_CENTS, AMOUNT_TOO_BIG)),
  );
}

/** 'Approve another amount': `amount` in dollars as typed. */
export type ApproveAmountValues = { amount: string };
export const EMPTY_APPROVE_AMOUNT: ApproveAmountValues = { amount: '' };
export const approveAmountFormSchema = z.object({ amount: dollarsField(APPROVE_AMOUNT_REQUIRED, 1) });

export function approveAmountCents(values: ApproveAmountValues): number | null {
  const result = approveAmountFormSchema.safeParse(values);
  return result.success ? result.data.amount : null;
}

/** 'Decline': the message to the family. */
export type DeclineValues = { message: string };
export const EMPTY_DECLINE: DeclineValues = { message: '' };
export const declineFormSchema = z.object({
  message: z
    .string({ error: DECLINE_MESSAGE_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, DECLINE_MESSAGE_REQUIRED),
      maxCharacters(DECISION_MESSAGE_MAX_LENGTH, DECLINE_MESSAGE_TOO_LONG),
    ),
});

export function declineMessage(values: DeclineValues): string | null {
  const result = declineFormSchema.safeParse(values);
  return result.success ? result.data.message : null;
}

/** The owner's season budget: `budget` in dollars as typed. */
export type BudgetValues = { budget: string };
export const budgetFormSchema = z.object({ budget: dollarsField(BUDGET_REQUIRED, 0) });

export function budgetCents(values: BudgetValues): number | null {
  const result = budgetFormSchema.safeParse(values);
  return result.success ? result.data.budget : null;
}
