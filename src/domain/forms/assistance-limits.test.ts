import { describe, expect, it } from 'vitest';
import { DECLINE_MESSAGE_TOO_LONG, declineFormSchema, declineMessage } from './assistance-decision.ts';
import { assistanceRequestFormSchema, REASON_TOO_LONG, toAssistanceAnswers } from './assistance-request.ts';

/** The assistance reason and the decline message: at most 500 characters as a person counts them (an emoji is one). */
const cap = '🧢';

describe('the assistance forms count characters, not UTF-16 units', () => {
  it("'Request financial assistance' takes a reason of 500 emoji and refuses 501", () => {
    const values = { share_percent: '50', free_or_reduced_meals: '', reason: cap.repeat(500) };
    expect(toAssistanceAnswers(values)?.reason).toBe(cap.repeat(500));
    const refused = assistanceRequestFormSchema.safeParse({ ...values, reason: cap.repeat(501) });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([REASON_TOO_LONG]);
  });

  it("'Decline' takes a message of 500 emoji and refuses 501", () => {
    expect(declineMessage({ message: cap.repeat(500) })).toBe(cap.repeat(500));
    const refused = declineFormSchema.safeParse({ message: cap.repeat(501) });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([DECLINE_MESSAGE_TOO_LONG]);
  });
});
