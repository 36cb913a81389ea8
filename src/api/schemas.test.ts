import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod/mini';
import * as paymentDataSchemas from './payment-data.schemas';
import * as paymentsSchemas from './payments.schemas';
import * as playerSchemas from './player.schemas';
import * as sandboxSchemas from './sandbox.schemas';
import * as schemas from './schemas';
import {
  athlete,
  currentUser,
  intent,
  licenceInfo,
  organization,
  paymentData,
  phase,
  plan,
  playerPayload,
  protection,
  receipt as sampleReceipt,
  season,
  team,
  user,
  whiteLabel,
} from './wire-samples';

afterEach(() => {
  vi.restoreAllMocks();
});

function without<T extends object>(value: T, key: keyof T): Omit<T, typeof key> {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

interface SchemaCase {
  schema: z.ZodMiniType;
  valid: unknown[];
  invalid: unknown[];
}

const cases: Record<string, SchemaCase> = {
  organizationSchema: {
    schema: schemas.organizationSchema,
    valid: [organization, { ...organization, waiver: null, api_user_id: null, client: null }],
    invalid: [without(organization, 'name'), { ...organization, id: '1' }],
  },
  userLicenseSchema: {
    schema: schemas.userLicenseSchema,
    valid: [{ license_code: 'X', organization: null }],
    invalid: [{ license_code: '', organization: null }, { organization: null }],
  },
  subscriptionStateSchema: {
    schema: schemas.subscriptionStateSchema,
    valid: [{ status_message: 'Trial period active.', paid_through: null }],
    invalid: [{ paid_through: null }, { status_message: 1, paid_through: null }],
  },
  userSchema: {
    schema: schemas.userSchema,
    valid: [user, currentUser, { ...user, license: null, subscription: null, player: { id: 4 } }],
    invalid: [without(user, 'email'), { ...user, is_new: 'false' }, { ...user, player: {} }, { ...user, token: '' }],
  },
  currentUserSchema: {
    schema: schemas.currentUserSchema,
    valid: [currentUser],
    invalid: [user, { ...currentUser, token: null }, { ...currentUser, id: 1.5 }],
  },
  licenceInfoSchema: {
    schema: schemas.licenceInfoSchema,
    valid: [
      licenceInfo,
      { ...licenceInfo, paused: true, season_name: 'Spring 2027', team_name: '12U Tigers', team_id: 1 },
    ],
    invalid: [without(licenceInfo, 'available'), { ...licenceInfo, available_licenses: -1 }],
  },
  athleteSchema: {
    schema: schemas.athleteSchema,
    valid: [athlete],
    invalid: [without(athlete, 'token'), { ...athlete, user_id: 'x' }],
  },
  athleteListSchema: {
    schema: schemas.athleteListSchema,
    valid: [[], [athlete, { ...athlete, user_id: 12 }]],
    invalid: [athlete, [without(athlete, 'name')]],
  },
  latestLicenseSchema: {
    schema: schemas.latestLicenseSchema,
    valid: [{ license_code: 'TIGERS-2027', season_name: 'Spring 2027', team_name: '12U Tigers', organization_id: 1 }],
    invalid: [{ season_name: null, team_name: null, organization_id: null }],
  },
  teamSchema: {
    schema: paymentDataSchemas.teamSchema,
    valid: [team, without(team, 'name'), without(team, 'waiver')],
    invalid: [without(team, 'total_dues'), { ...team, total_app_fee: 'free' }, { ...team, is_app_fee_itemized: 1 }],
  },
  seasonSchema: {
    schema: paymentDataSchemas.seasonSchema,
    valid: [season, { ...season, start_date: '2027-03-01T00:00:00Z' }],
    invalid: [without(season, 'start_date'), { ...season, start_date: 'March' }],
  },
  protectionPlanSchema: {
    schema: paymentDataSchemas.protectionPlanSchema,
    valid: [protection, { ...protection, amount: '29.00' }],
    invalid: [without(protection, 'description'), { ...protection, amount: -29 }],
  },
  paymentPhaseSchema: {
    schema: paymentDataSchemas.paymentPhaseSchema,
    valid: [phase, without(phase, 'processing_fee')],
    invalid: [without(phase, 'base_amount'), { ...phase, amount: '' }],
  },
  paymentPlanSchema: {
    schema: paymentDataSchemas.paymentPlanSchema,
    valid: [plan, without(plan, 'additional')],
    invalid: [without(plan, 'phases'), { ...plan, phases: [] }, { ...plan, month: 1.5 }],
  },
  paymentDataSchema: {
    schema: paymentDataSchemas.paymentDataSchema,
    valid: [
      paymentData,
      {
        ...paymentData,
        team: null,
        season: null,
        injury_protection_insurance: null,
        payment_plans: [],
        is_season_set: false,
      },
      { ...paymentData, error: 'Draft not found.' },
    ],
    invalid: [without(paymentData, 'is_season_set'), { ...paymentData, payment_plans: null }],
  },
  serverDiscountSchema: {
    schema: schemas.serverDiscountSchema,
    valid: [
      { discount_code: 'SAVE10', percent_off: 10, flat_discount_amount: null, is_active: true },
      { discount_code: 'FLAT500', percent_off: null, flat_discount_amount: '500.00', is_active: true },
    ],
    invalid: [
      { discount_code: 'X', percent_off: 120, flat_discount_amount: null, is_active: true },
      { discount_code: 'X', percent_off: null, flat_discount_amount: null },
    ],
  },
  planDetailsSchema: {
    schema: schemas.planDetailsSchema,
    valid: [
      {
        monthly_price: 14.99,
        annual_price: 119.99,
        annual_price_pm: 11.99,
        quarterly_price: null,
        trial_interval_length: 7,
        trial_interval_length_annual: 14,
        trial_interval_length_annual_pm: null,
        trial_interval_length_quarterly: null,
      },
    ],
    invalid: [{ monthly_price: 'free' }, { trial_interval_length: 1.5 }],
  },
  couponSchema: {
    schema: schemas.couponSchema,
    valid: [
      {
        coupon_code: 'SAVE5',
        discount_type: 'dollars',
        discount_in_cents: 500,
        discount_percent: null,
        duration: 'temporal',
        applies_for_months: 3,
      },
      {
        coupon_code: 'HALFOFF',
        discount_type: 'percent',
        discount_in_cents: null,
        discount_percent: 50,
        duration: 'forever',
        applies_for_months: null,
      },
    ],
    invalid: [
      { coupon_code: 'X', discount_type: 'euros', duration: 'forever' },
      { coupon_code: 'X', discount_type: 'dollars', discount_in_cents: 5.5, duration: 'forever' },
    ],
  },
  subscribeProcessResponseSchema: {
    schema: schemas.subscribeProcessResponseSchema,
    valid: [
      { status: 'success', subscription: { status_message: 'Subscription active.', paid_through: null } },
      { status: 'error', message: 'declined' },
    ],
    invalid: [{ status: 'pending' }, { status: 'error' }, { status: 'success' }],
  },
  claimLicenseResponseSchema: {
    schema: schemas.claimLicenseResponseSchema,
    valid: [
      { status: 'OK', message: 'Claimed.' },
      { status: 'ERROR', message: 'None left.' },
    ],
    invalid: [{ message: 'x' }, { status: true, message: 'x' }],
  },
  duplicateStatusSchema: {
    schema: schemas.duplicateStatusSchema,
    valid: [{ license_claimed: true, has_active_season_membership: false }],
    invalid: [{ license_claimed: 1, has_active_season_membership: false }, {}],
  },
  subscriptionStatusSchema: {
    schema: schemas.subscriptionStatusSchema,
    valid: [{ payment_complete: 0 }, { payment_complete: 1 }],
    invalid: [{ payment_complete: 2 }, { payment_complete: true }],
  },
  checkoutResponseSchema: {
    schema: schemas.checkoutResponseSchema,
    valid: [
      { client_secret: 'pi_1_secret_x', payment_intent_id: 'pi_1', payment_complete: 0 },
      {
        client_secret: 'seti_1_secret_x',
        payment_intent_id: null,
        setup_intent_id: 'seti_1',
        payment_complete: 0,
        receipt: null,
      },
      { client_secret: null, payment_intent_id: null, payment_complete: 1 },
      { client_secret: null, payment_intent_id: null, payment_complete: 1, receipt: { ...sampleReceipt, card: null } },
    ],
    invalid: [
      { client_secret: '', payment_intent_id: null, payment_complete: 0 },
      { payment_complete: 3 },
      { client_secret: 'seti_1_secret_x', payment_intent_id: null, setup_intent_id: '', payment_complete: 0 },
    ],
  },
  checkoutSuccessResponseSchema: {
    schema: schemas.checkoutSuccessResponseSchema,
    valid: [
      { payment_complete: 1, membership_id: 5 },
      { payment_complete: 1, membership_id: 5, refunded: false, receipt: sampleReceipt },
      { payment_complete: 1, membership_id: 5, refunded: true, receipt: null },
    ],
    invalid: [
      { payment_complete: 0, membership_id: 5 },
      { payment_complete: 1 },
      { payment_complete: 1, membership_id: 5, refunded: false, receipt: { ...sampleReceipt, amount_cents: 10.5 } },
    ],
  },
  // Issue 15: the confirmation's receipt, money in cents, dates YYYY-MM-DD.
  receiptSchema: {
    schema: schemas.receiptSchema,
    valid: [sampleReceipt, { ...sampleReceipt, season_name: null, card: null, remaining: [] }],
    invalid: [
      { ...sampleReceipt, amount_cents: -1 },
      { ...sampleReceipt, remaining: [{ due_date: '04/01/2027', amount_cents: 13500 }] },
    ],
  },
  optionSchema: {
    schema: playerSchemas.optionSchema,
    valid: [{ id: 1, name: 'Baseball' }],
    invalid: [{ id: 1 }, { name: 'Baseball' }],
  },
  playerOptionsSchema: {
    schema: playerSchemas.playerOptionsSchema,
    valid: [{ sports: [{ id: 1, name: 'Baseball' }], experience_levels: [], phase: [], weight_goals: [] }],
    invalid: [
      { sports: [], experience_levels: [], phase: [] },
      { sports: [{ id: 'x' }], experience_levels: [], phase: [], weight_goals: [] },
    ],
  },
  positionSchema: {
    schema: playerSchemas.positionSchema,
    valid: [{ id: 1, name: 'Pitcher', sport_id: 1 }],
    invalid: [{ id: 1, name: 'Pitcher' }],
  },
  positionListSchema: {
    schema: playerSchemas.positionListSchema,
    valid: [[], [{ id: 1, name: 'Pitcher', sport_id: 1 }]],
    invalid: [{}, [{ id: 1 }]],
  },
  playerCreatedSchema: {
    schema: playerSchemas.playerCreatedSchema,
    valid: [{ id: 3 }, {}],
    invalid: [{ id: 'x' }, null],
  },
  whiteLabelSchema: {
    schema: schemas.whiteLabelSchema,
    valid: [whiteLabel],
    invalid: [
      { ...whiteLabel, strings: {} },
      { ...whiteLabel, images: { ...whiteLabel.images, app_icon: { '120': 'x' } } },
    ],
  },
  messageResponseSchema: {
    schema: schemas.messageResponseSchema,
    valid: [{ message: 'Logged out.' }],
    invalid: [{}, { message: null }],
  },
  emailExistsSchema: {
    schema: schemas.emailExistsSchema,
    valid: [{ exists: true }, { exists: false }],
    invalid: [{ exists: 'no' }, {}],
  },
  passwordResetResponseSchema: {
    schema: schemas.passwordResetResponseSchema,
    valid: [{ message: 'Password reset.', token: 'tok' }, { message: 'This token is invalid.' }],
    invalid: [{ token: 'tok' }, { message: 'x', token: '' }],
  },
  organizationValidationSchema: {
    schema: schemas.organizationValidationSchema,
    valid: [{ status: true }, { status: false }],
    invalid: [{ status: 'OK' }],
  },
  licenseLinkResponseSchema: {
    schema: schemas.licenseLinkResponseSchema,
    valid: [{ organization_id: 1 }],
    invalid: [{ organization_id: null }, {}],
  },
  errorBodySchema: {
    schema: schemas.errorBodySchema,
    valid: [
      { message: 'Invalid.', messages: {} },
      { message: 'Invalid.', messages: { a: ['x'] }, errors: { a: ['x'] } },
    ],
    invalid: [{ messages: {} }, { message: 'x', messages: { a: 'x' } }],
  },
  athleteAccountPayloadSchema: {
    schema: schemas.athleteAccountPayloadSchema,
    valid: [
      { name: 'Sam Rivera', username: 'samrivera', password: 'p', password_confirmation: 'p', relationship: 'Aunt' },
    ],
    invalid: [{ name: 'Sam Rivera', username: 'samrivera', password: 'p', password_confirmation: 'p' }],
  },
  registrationPayloadSchema: {
    schema: schemas.registrationPayloadSchema,
    valid: [
      { email: 'a@b.c', phone: '555-555-5555', password: 'p', password_confirmation: 'p', name: 'A B' },
      {
        email: 'a@b.c',
        phone: '5',
        password: 'p',
        password_confirmation: 'p',
        name: 'A B',
        license: 'X',
        do_not_claim: true,
      },
    ],
    invalid: [{ email: 'a@b.c', password: 'p', password_confirmation: 'p', name: 'A B' }],
  },
  userUpdatePayloadSchema: {
    schema: schemas.userUpdatePayloadSchema,
    valid: [{ name: 'A B', email: 'a@b.c', phone: '555' }],
    invalid: [{ name: 'A B', email: 'a@b.c' }],
  },
  playerPayloadSchema: {
    schema: schemas.playerPayloadSchema,
    valid: [playerPayload],
    invalid: [
      { ...playerPayload, sex: 'x' },
      without(playerPayload, 'weight_goal'),
      { ...playerPayload, height: 60.5 },
    ],
  },
  sandboxBillingTokenSchema: {
    schema: sandboxSchemas.sandboxBillingTokenSchema,
    valid: [{ id: 'sbx-tok-1' }],
    invalid: [{ id: '' }, {}],
  },
  sandboxPaymentIntentSchema: {
    schema: sandboxSchemas.sandboxPaymentIntentSchema,
    valid: [
      intent,
      {
        id: 'pi_2',
        status: 'requires_action',
        next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'http://localhost/sandbox/3ds' } },
      },
    ],
    invalid: [{ ...intent, status: 'done' }, without(intent, 'id')],
  },
  sandboxConfirmResponseSchema: {
    schema: sandboxSchemas.sandboxConfirmResponseSchema,
    valid: [{ payment_intent: intent }],
    invalid: [intent, { payment_intent: { status: 'succeeded' } }],
  },
  sandboxCardErrorSchema: {
    schema: schemas.sandboxCardErrorSchema,
    valid: [
      {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      },
    ],
    invalid: [{ error: { type: 'card_error' } }, { message: 'x' }],
  },
};

const samplePhase = {
  id: 1,
  due_date: '2027-01-01',
  amount_cents: 13500,
  status: 'scheduled',
  attempts: 0,
  paid_at: null,
  failure_message: null,
};
const sampleMembership = {
  id: 3,
  team_name: '12U Tigers',
  season_name: 'Spring 2027',
  athlete_name: 'Jordan Lee',
  plan_name: '3 monthly payments',
  payment_plan_month: 3,
  total_cents: 47500,
  paid_cents: 7000,
  remaining_cents: 40500,
  next_payment: { due_date: '2027-01-01', amount_cents: 13500 },
  phases: [{ ...samplePhase, id: 0, status: 'paid', attempts: 1, paid_at: '2026-11-24T10:00:00Z' }, samplePhase],
  card: { brand: 'visa', last4: '4242' },
  needs_card_update: false,
};
const sampleCollection = {
  card: { brand: 'visa', last4: '4242' },
  outcome: 'paid',
  message: null,
  amount_cents: 13500,
  payment_intent: null,
};
const sampleSetupIntent = { id: 'seti_1', status: 'succeeded' };

Object.assign(cases, {
  savedCardSchema: {
    schema: paymentsSchemas.savedCardSchema,
    valid: [{ brand: 'visa', last4: '4242' }],
    invalid: [{ brand: 'visa' }, { brand: 1, last4: '4242' }],
  },
  membershipPhaseSchema: {
    schema: paymentsSchemas.membershipPhaseSchema,
    valid: [samplePhase, { ...samplePhase, status: 'failed', attempts: 2, failure_message: 'Your card was declined.' }],
    invalid: [
      { ...samplePhase, status: 'late' },
      { ...samplePhase, amount_cents: 1.5 },
      without(samplePhase, 'due_date'),
    ],
  },
  duePaymentSchema: {
    schema: paymentsSchemas.duePaymentSchema,
    valid: [{ due_date: '2027-01-01', amount_cents: 13500 }],
    invalid: [
      { due_date: 'Jan 1, 2027', amount_cents: 13500 },
      { due_date: '2027-01-01', amount_cents: -5 },
    ],
  },
  membershipSummarySchema: {
    schema: paymentsSchemas.membershipSummarySchema,
    valid: [
      sampleMembership,
      { ...sampleMembership, athlete_name: null, next_payment: null, card: null },
      { ...sampleMembership, sibling_discount_cents: 4500, household_checkout_id: 3 },
    ],
    invalid: [
      { ...sampleMembership, paid_cents: 70.5 },
      without(sampleMembership, 'phases'),
      { ...sampleMembership, sibling_discount_cents: -1 },
    ],
  },
  membershipListSchema: {
    schema: paymentsSchemas.membershipListSchema,
    valid: [{ memberships: [] }, { memberships: [sampleMembership] }],
    invalid: [[sampleMembership], { memberships: [{ id: 1 }] }],
  },
  cardSetupSchema: {
    schema: paymentsSchemas.cardSetupSchema,
    valid: [{ client_secret: 'seti_1_secret', setup_intent_id: 'seti_1' }],
    invalid: [{ client_secret: '', setup_intent_id: 'seti_1' }, { setup_intent_id: 'seti_1' }],
  },
  collectionResultSchema: {
    schema: paymentsSchemas.collectionResultSchema,
    valid: [
      sampleCollection,
      { ...sampleCollection, outcome: 'requires_action', payment_intent: { id: 'pi_1', client_secret: 'pi_1_s' } },
    ],
    invalid: [{ ...sampleCollection, outcome: 'done' }, without(sampleCollection, 'card')],
  },
  sandboxSetupIntentSchema: {
    schema: sandboxSchemas.sandboxSetupIntentSchema,
    valid: [
      sampleSetupIntent,
      {
        id: 'seti_2',
        status: 'requires_action',
        next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'http://localhost/sandbox/3ds' } },
      },
    ],
    invalid: [{ id: 'seti_1', status: 'ok' }, { status: 'succeeded' }],
  },
  sandboxSetupConfirmResponseSchema: {
    schema: sandboxSchemas.sandboxSetupConfirmResponseSchema,
    valid: [{ setup_intent: sampleSetupIntent }],
    invalid: [sampleSetupIntent, { setup_intent: { status: 'succeeded' } }],
  },
});

describe('schemas', () => {
  it('has samples for every exported schema', () => {
    const exported = [schemas, paymentDataSchemas, paymentsSchemas, playerSchemas, sandboxSchemas]
      .flatMap((module) => Object.keys(module))
      .filter((name) => name.endsWith('Schema'));
    expect(Object.keys(cases).sort()).toEqual(exported.sort());
  });

  describe.each(Object.entries(cases))('%s', (_name, { schema, valid, invalid }) => {
    it.each(valid.map((sample, index) => [index, sample]))('accepts valid sample %i', (_index, sample) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const result = schema.safeParse(sample);
      expect(result.error?.issues).toBeUndefined();
      expect(result.success).toBe(true);
    });
    it.each(invalid.map((sample, index) => [index, sample]))('rejects invalid sample %i', (_index, sample) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(schema.safeParse(sample).success).toBe(false);
    });
  });
});

describe('money', () => {
  it.each([
    { wire: 450, cents: 45000 },
    { wire: 29.99, cents: 2999 },
    { wire: '450.00', cents: 45000 },
    { wire: '0.1', cents: 10 },
    { wire: 0, cents: 0 },
    { wire: 0.1 + 0.2, cents: 30 },
  ])('converts $wire dollars to $cents cents', ({ wire, cents }) => {
    expect(schemas.money.parse(wire)).toBe(cents);
  });

  it.each([-1, '-1', '', ' 1', '1e3', 'abc', null, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s', (wire) => {
    expect(schemas.money.safeParse(wire).success).toBe(false);
  });

  it('yields cents in parsed payment data and normalises absent optional fields to null', () => {
    const data = paymentDataSchemas.paymentDataSchema.parse(paymentData);
    expect(data.team).toEqual({
      id: 1,
      name: '12U Tigers',
      total_dues: 45000,
      athlete_deposit: 5000,
      payment_plan_fee: 500,
      total_app_fee: 2500,
      is_app_fee_itemized: true,
      waiver: null,
    });
    expect(data.injury_protection_insurance?.amount).toBe(2900);
    expect(data.payment_plans[0]).toEqual({
      month: 0,
      name: 'Pay in full',
      additional: null,
      phases: [{ start_time_formatted: 'Today', amount: 47500, base_amount: 47500, processing_fee: null }],
    });
    expect(data.payment_plans[1]?.additional).toBe(500);
    expect(data.payment_plans[1]?.phases[0]).toMatchObject({ amount: 15550, base_amount: 15000, processing_fee: 550 });
  });
});

describe('§5 drop rule', () => {
  it.each([
    { field: 'team', value: without(team, 'athlete_deposit'), what: 'team', missing: 'athlete_deposit' },
    { field: 'team', value: { ...team, is_app_fee_itemized: null }, what: 'team', missing: 'is_app_fee_itemized' },
    { field: 'season', value: without(season, 'name'), what: 'season', missing: 'name' },
    {
      field: 'injury_protection_insurance',
      value: without(protection, 'amount'),
      what: 'injury protection plan',
      missing: 'amount',
    },
  ] as const)('ignores a $what missing $missing (null, console error)', ({ field, value, what, missing }) => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const data = paymentDataSchemas.paymentDataSchema.parse({ ...paymentData, [field]: value });
    expect(data[field]).toBeNull();
    expect(data.payment_plans).toHaveLength(2);
    expect(errorLog).toHaveBeenCalledTimes(1);
    expect(errorLog).toHaveBeenCalledWith(`Ignored ${what} from the server: missing or invalid ${missing}`, value);
  });

  it.each(['month', 'name', 'phases'] as const)('filters out a payment plan missing %s', (missing) => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = without(plan, missing);
    const data = paymentDataSchemas.paymentDataSchema.parse({ ...paymentData, payment_plans: [broken, plan] });
    expect(data.payment_plans.map((kept) => kept.month)).toEqual([3]);
    expect(errorLog).toHaveBeenCalledWith(
      `Ignored payment plan from the server: missing or invalid ${missing}`,
      broken,
    );
  });

  it.each(['start_time_formatted', 'amount', 'base_amount'] as const)('filters out a phase missing %s', (missing) => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = without(phase, missing);
    const data = paymentDataSchemas.paymentDataSchema.parse({
      ...paymentData,
      payment_plans: [{ ...plan, phases: [phase, broken] }],
    });
    expect(data.payment_plans[0]?.phases).toHaveLength(1);
    expect(errorLog).toHaveBeenCalledWith(
      `Ignored payment phase from the server: missing or invalid ${missing}`,
      broken,
    );
  });

  it('drops a plan whose phases were all dropped', () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { ...plan, phases: [without(phase, 'amount')] };
    const data = paymentDataSchemas.paymentDataSchema.parse({ ...paymentData, payment_plans: [broken] });
    expect(data.payment_plans).toEqual([]);
    expect(errorLog).toHaveBeenCalledTimes(2);
    expect(errorLog).toHaveBeenLastCalledWith(
      'Ignored payment plan from the server: missing or invalid phases',
      broken,
    );
  });

  it('keeps complete objects and logs nothing; null or absent objects are not errors', () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const data = paymentDataSchemas.paymentDataSchema.parse(
      without({ ...paymentData, season: null }, 'injury_protection_insurance'),
    );
    expect(data.team?.id).toBe(1);
    expect(data.season).toBeNull();
    expect(data.injury_protection_insurance).toBeNull();
    expect(errorLog).not.toHaveBeenCalled();
  });

  it('is one helper usable for other objects and lists', () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(schemas.droppable(paymentDataSchemas.seasonSchema, 'season').parse({ id: 1 })).toBeNull();
    expect(schemas.droppableList(paymentDataSchemas.seasonSchema, 'season').parse([season, {}])).toEqual([season]);
    expect(errorLog).toHaveBeenCalledTimes(2);
  });
});
