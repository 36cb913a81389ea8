import { describe, expect, it } from 'vitest';
import { familyDocumentsSchema } from '../api/documents';
import { paymentDataSchema } from '../api/payment-data.schemas';
import { currentUserSchema } from '../api/schemas';
import { neededDocument, currentUser as wireUser } from '../api/wire-samples';
import { scopedDocuments } from './family-documents.machine';
import { initialContext, type PaymentContext } from './payment.context';
import { documentScopeOf, requiredDocumentsOf } from './payment.documents';

/**
 * Issue 32 point 2: which documents the registration's documents step lists: the page's team, and the athletes just
 * registered (the family checkout's, the athlete paid for, or the payer paying for themselves).
 */

const team = {
  id: 9,
  name: '12U Sharks',
  total_dues: 450,
  athlete_deposit: 50,
  payment_plan_fee: 5,
  total_app_fee: 25,
  is_app_fee_itemized: true,
  waiver: null,
};
const wire = {
  team,
  season: null,
  injury_protection_insurance: null,
  payment_plans: [],
  is_season_set: true,
  connected_account_stripe_id: null,
  error: null,
};
const user = currentUserSchema.parse({ ...wireUser, id: 40, token: 't' });

function context(changes: Partial<PaymentContext>): PaymentContext {
  return { ...initialContext({ user, returned: null, returnUrl: '/payment' }), ...changes };
}

const proof = (membership: number, athlete: number, teamId: number) => ({
  ...neededDocument,
  membership_id: membership,
  athlete: { id: athlete, name: `Athlete ${athlete}` },
  team: { id: teamId, name: `Team ${teamId}` },
});

describe("the documents step's scope", () => {
  it('a team that requires none (or an older server) asks for nothing', () => {
    expect(requiredDocumentsOf(context({ data: paymentDataSchema.parse(wire) }))).toEqual([]);
    const sharks = paymentDataSchema.parse({ ...wire, team: { ...team, required_documents: ['Proof of age'] } });
    expect(requiredDocumentsOf(context({ data: sharks }))).toEqual(['Proof of age']);
    expect(documentScopeOf(context({ data: null }))).toBeNull();
  });

  it("the athlete paid for, the payer paying for themselves, or the family checkout's athletes", () => {
    const guardian = paymentDataSchema.parse({ ...wire, athlete: { id: 11, name: 'Sam Rivera' } });
    expect(documentScopeOf(context({ data: guardian }))).toEqual({ teamId: 9, athleteIds: [11] });
    expect(documentScopeOf(context({ data: paymentDataSchema.parse(wire) }))).toEqual({ teamId: 9, athleteIds: [40] });
    const household = {
      athletes: [
        { id: 11, name: 'Sam Rivera' },
        { id: 12, name: 'Alex Rivera' },
      ],
      checkoutKey: 'k',
    };
    expect(documentScopeOf(context({ data: guardian, household }))).toEqual({ teamId: 9, athleteIds: [11, 12] });
  });

  it('keeps only those memberships of the household (/payments, without a scope, keeps all)', () => {
    const answer = familyDocumentsSchema.parse({
      documents: [proof(1, 11, 9), proof(2, 12, 9), proof(3, 11, 4), proof(4, 13, 9)],
    });
    const kept = scopedDocuments(answer, { teamId: 9, athleteIds: [11, 12] });
    expect(kept.documents.map((doc) => doc.membership_id)).toEqual([1, 2]);
    expect(scopedDocuments(answer, null)).toBe(answer);
  });
});
