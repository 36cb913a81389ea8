/**
 * Wire samples of the family checkout's answers (issue 20; docs/api.md "Family checkout"), for the tests of the API
 * layer, the connect module and the views. Not imported by the site.
 */
import type { Invitation } from './household-invites.schemas';

// Issue 20 fixtures: Sam and Alex on 12U Tigers (dues 450.00, app fee 25.00), Northside's 10 % for the 2nd athlete.
function line(athleteId: number, name: string, sibling: number, position: number) {
  return {
    athlete_id: athleteId,
    name,
    license_code: 'TIGERS-2027',
    team: { id: 1, name: '12U Tigers' },
    season: { id: 1, name: 'Spring 2027', start_date: '2027-03-01' },
    organization: { id: 1, name: 'Northside Youth Baseball' },
    injury_protection_insurance: { id: 1, description: 'Injury Protection', amount_cents: 2900 },
    payment_plans: [
      {
        month: 0,
        name: 'Pay in full',
        additional_cents: null,
        phases: [
          {
            due_on: '2027-01-05',
            start_time_formatted: 'Jan 5, 2027',
            amount_cents: 47_500 - sibling,
            base_amount_cents: 47_500 - sibling,
          },
        ],
      },
    ],
    payment_plan_month: 0,
    include_payment_protection_plan: false,
    dues_cents: 45_000,
    code_discount_cents: 0,
    sibling_discount_cents: sibling,
    sibling_discount_percent: sibling === 0 ? 0 : 10,
    position,
    app_fee_cents: 2_500,
    protection_cents: 0,
    plan_fee_cents: 0,
    today_cents: 47_500 - sibling,
    later_cents: 0,
    total_cents: 47_500 - sibling,
    later_phases: [],
    problem: null,
  };
}

export const householdQuoteSample = {
  athletes: [line(11, 'Sam Rivera', 0, 1), line(12, 'Alex Rivera', 4_500, 2)],
  waivers: [{ organization_id: 1, organization_name: 'Northside Youth Baseball', waiver: 'Club rules.' }],
  discount: null,
  sibling_discount_cents: 4_500,
  today_cents: 90_500,
  later_cents: 0,
  total_cents: 90_500,
  ready: true,
};

export const householdReceiptSample = {
  checkout_id: 'hc_1',
  amount_cents: 90_500,
  sibling_discount_cents: 4_500,
  email: 'parent@example.com',
  card: { brand: 'visa', last4: '4242' },
  athletes: [
    {
      membership_id: 7,
      athlete_id: 11,
      name: 'Sam Rivera',
      team_name: '12U Tigers',
      season_name: 'Spring 2027',
      plan_name: 'Pay in full',
      amount_cents: 47_500,
      dues_cents: 45_000,
      code_discount_cents: 0,
      sibling_discount_cents: 0,
      protection_cents: 0,
      app_fee_cents: 2_500,
    },
  ],
  remaining: [],
};

/** The invite an invitee's link looks up (`POST /api/household/invites/lookup`, issue 20 point 4). */
export const invitationSample: Invitation = {
  name: 'Robin Lee',
  email: 'robin@example.com',
  relationship: 'Aunt',
  invited_by_name: 'Pat Rivera',
  expires_at: '2027-03-08T12:00:00.000Z',
};
