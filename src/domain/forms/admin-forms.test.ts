import { describe, expect, it } from 'vitest';
import { formErrors } from '../form-schema';
import {
  adminDiscountCodeBodySchema,
  adminDiscountCodeFormSchema,
  DISCOUNT_AMOUNT_REQUIRED,
  DISCOUNT_ONE_AMOUNT,
  EMPTY_ADMIN_DISCOUNT_CODE,
  toAdminDiscountCodeBody,
} from './admin-discount-code';
import { adminDocumentsSettingFormSchema } from './admin-documents-setting';
import { adminDraftBodySchema, toAdminDraftBody } from './admin-draft';
import {
  AMOUNT_INVALID,
  CODE_INVALID,
  centsToDollarsText,
  DATE_INVALID,
  dollarsTextToCents,
  SELECTION_INVALID,
  WHOLE_CENTS,
} from './admin-fields';
import {
  adminCoachLicenceFormSchema,
  adminLicenceFormSchema,
  adminLicenceUpdateBodySchema,
  adminSeatsFormSchema,
  LICENCE_CHANGE_REQUIRED,
  SEATS_INVALID,
  SEATS_REQUIRED,
  toAdminCoachLicenceBody,
  toAdminLicenceBody,
} from './admin-licence';
import {
  adminSeasonFormSchema,
  EMPTY_ADMIN_SEASON,
  SEASON_NAME_REQUIRED,
  SEASON_START_REQUIRED,
  toAdminSeasonBody,
} from './admin-season';
import {
  adminSettingsBodySchema,
  adminSettingsFormSchema,
  FURTHER_PERCENT_REQUIRED,
  settingsFieldOf,
  toAdminSettingsBody,
} from './admin-settings';
import {
  adminTeamBodySchema,
  adminTeamFormSchema,
  DEPOSIT_TOO_BIG,
  DUES_REQUIRED,
  EMPTY_ADMIN_TEAM,
  PLAN_MONTHS_INVALID,
  REQUIRED_DOCUMENTS_INVALID,
  TEAM_NAME_REQUIRED,
  teamValuesOf,
  toAdminTeamBody,
} from './admin-team';

const team = {
  ...EMPTY_ADMIN_TEAM,
  name: ' 10U Comets ',
  total_dues_cents: '$1,250.50',
  athlete_deposit_cents: '100',
  payment_plan_fee_cents: '5',
  total_app_fee_cents: '25.00',
  plan_months: '6, 3',
  protection_plan_id: '1',
};

describe('dollar texts', () => {
  it('become cents: dollars, two decimals, a $ and thousands commas; empty is missing, anything else refused', () => {
    expect(dollarsTextToCents('450')).toBe(45000);
    expect(dollarsTextToCents(' $1,250.5 ')).toBe(125050);
    expect(dollarsTextToCents('0.07')).toBe(7);
    expect(dollarsTextToCents('')).toBeUndefined();
    for (const text of ['12.345', '-5', '1e3', 'abc', '.5', '4 50']) expect(dollarsTextToCents(text)).toBeNaN();
    expect(centsToDollarsText(125050)).toBe('1250.50');
  });
});

describe('the season form', () => {
  it('asks for the name and both dates, real ISO dates', () => {
    expect(formErrors(adminSeasonFormSchema, EMPTY_ADMIN_SEASON)).toMatchObject({
      name: SEASON_NAME_REQUIRED,
      start_date: SEASON_START_REQUIRED,
    });
    const values = { name: ' Summer 2027 ', start_date: '2027-06-01', first_installment_on: '2027-02-30' };
    expect(formErrors(adminSeasonFormSchema, values)).toEqual({ first_installment_on: DATE_INVALID });
    expect(toAdminSeasonBody({ ...values, first_installment_on: '2027-05-15' })).toEqual({
      name: 'Summer 2027',
      start_date: '2027-06-01',
      first_installment_on: '2027-05-15',
    });
  });
});

describe('the team form', () => {
  it('converts dollars to cents and sends the sorted plans', () => {
    expect(toAdminTeamBody(team)).toEqual({
      name: '10U Comets',
      total_dues_cents: 125050,
      athlete_deposit_cents: 10000,
      payment_plan_fee_cents: 500,
      total_app_fee_cents: 2500,
      is_app_fee_itemized: true,
      plan_months: [3, 6],
      protection_plan_id: 1,
    });
    expect(toAdminTeamBody({ ...team, plan_months: '', protection_plan_id: '' })).toMatchObject({
      plan_months: [],
      protection_plan_id: null,
    });
  });

  it('refuses what the server refuses, under the same field keys', () => {
    expect(formErrors(adminTeamFormSchema, EMPTY_ADMIN_TEAM)).toEqual({
      name: TEAM_NAME_REQUIRED,
      total_dues_cents: DUES_REQUIRED,
    });
    expect(
      formErrors(adminTeamFormSchema, {
        ...team,
        total_dues_cents: '50',
        payment_plan_fee_cents: '1.234',
        plan_months: '3,3',
      }),
    ).toEqual({ payment_plan_fee_cents: AMOUNT_INVALID, plan_months: PLAN_MONTHS_INVALID });
    // The deposit rule compares two valid amounts: it is judged once every field is.
    expect(formErrors(adminTeamFormSchema, { ...team, total_dues_cents: '50' })).toEqual({
      athlete_deposit_cents: DEPOSIT_TOO_BIG,
    });
    const wire = adminTeamBodySchema.safeParse({ ...toAdminTeamBody(team), total_dues_cents: 12.5, plan_months: [1] });
    expect(wire.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['total_dues_cents', WHOLE_CENTS],
      ['plan_months', PLAN_MONTHS_INVALID],
    ]);
  });
});

describe('the licence forms', () => {
  it('upper-cases the code and asks for whole seats', () => {
    expect(toAdminLicenceBody({ code: ' comets-2027 ', seats: '20' })).toEqual({ code: 'COMETS-2027', seats: 20 });
    expect(formErrors(adminLicenceFormSchema, { code: 'a b', seats: '' })).toEqual({
      code: CODE_INVALID,
      seats: SEATS_REQUIRED,
    });
    expect(formErrors(adminLicenceFormSchema, { code: 'OK-1', seats: '2.5' })).toEqual({ seats: SEATS_INVALID });
    expect(formErrors(adminSeatsFormSchema, { available_licenses: '-1' })).toEqual({
      available_licenses: SEATS_INVALID,
    });
  });

  it('a coach licence may end on a date', () => {
    expect(toAdminCoachLicenceBody({ code: 'coach-x', seats: '3', expires_on: '' })).toEqual({
      code: 'COACH-X',
      seats: 3,
      expires_on: null,
    });
    expect(formErrors(adminCoachLicenceFormSchema, { code: 'COACH-X', seats: '3', expires_on: '2027-13-01' })).toEqual({
      expires_on: DATE_INVALID,
    });
  });

  it('a change sends the seats, the pause, or both', () => {
    expect(adminLicenceUpdateBodySchema.safeParse({ paused: true }).success).toBe(true);
    expect(adminLicenceUpdateBodySchema.safeParse({}).error?.issues[0]?.message).toBe(LICENCE_CHANGE_REQUIRED);
  });
});

describe('the settings form', () => {
  it('both percents or neither; the body nests them', () => {
    expect(toAdminSettingsBody({ waiver: ' I agree. ', second_percent: '10', further_percent: '15' })).toEqual({
      waiver: 'I agree.',
      household_discount: { second_percent: 10, further_percent: 15 },
    });
    expect(toAdminSettingsBody({ waiver: '', second_percent: '', further_percent: '' })).toEqual({
      waiver: null,
      household_discount: null,
    });
    expect(formErrors(adminSettingsFormSchema, { waiver: '', second_percent: '10', further_percent: '' })).toEqual({
      further_percent: FURTHER_PERCENT_REQUIRED,
    });
    const wire = adminSettingsBodySchema.safeParse({ waiver: null, household_discount: { second_percent: 101 } });
    expect(wire.error?.issues.map((issue) => settingsFieldOf(issue.path.join('.')))).toEqual([
      'second_percent',
      'further_percent',
    ]);
  });
});

describe('the discount code form', () => {
  it('takes a percent or an amount off, exactly one', () => {
    expect(toAdminDiscountCodeBody({ code: 'spring20', percent_off: '20', flat_discount_cents: '' })).toEqual({
      code: 'SPRING20',
      percent_off: 20,
      flat_discount_cents: null,
    });
    expect(toAdminDiscountCodeBody({ code: 'TAKE25', percent_off: '', flat_discount_cents: '25' })).toMatchObject({
      flat_discount_cents: 2500,
    });
    expect(formErrors(adminDiscountCodeFormSchema, { ...EMPTY_ADMIN_DISCOUNT_CODE, code: 'NONE' })).toEqual({
      percent_off: DISCOUNT_AMOUNT_REQUIRED,
    });
    expect(
      formErrors(adminDiscountCodeFormSchema, { code: 'BOTH', percent_off: '5', flat_discount_cents: '5' }),
    ).toEqual({ percent_off: DISCOUNT_ONE_AMOUNT });
    expect(
      adminDiscountCodeBodySchema.safeParse({ code: 'X1Y', percent_off: 120, flat_discount_cents: null }).success,
    ).toBe(false);
  });
});

describe('the draft form', () => {
  it("is the team form's fees with a season and a waiver", () => {
    const body = toAdminDraftBody({ ...team, season_id: '', waiver: '' });
    expect(body).toMatchObject({ name: '10U Comets', season_id: null, waiver: null, total_dues_cents: 125050 });
    expect(toAdminDraftBody({ ...team, athlete_deposit_cents: '5000', season_id: '2', waiver: 'x' })).toBeNull();
    expect(adminDraftBodySchema.safeParse({ ...body, season_id: 0 }).success).toBe(false);
  });
});

describe("the team form's documents (issue 32 point 2)", () => {
  it('sends none for a team that had none, the lines otherwise, and an empty list to remove them', () => {
    expect(toAdminTeamBody({ ...team, required_documents: '' })).not.toHaveProperty('required_documents');
    expect(
      toAdminTeamBody({ ...team, required_documents: 'Proof of age\n  Medical form  \n\n' })?.required_documents,
    ).toEqual(['Proof of age', 'Medical form']);
    expect(toAdminTeamBody({ ...team, required_documents: '', had_documents: 'true' })?.required_documents).toEqual([]);
  });

  it('refuses a name twice or more than five, on the field', () => {
    expect(formErrors(adminTeamFormSchema, { ...team, required_documents: 'Proof of age\nProof of age' })).toEqual({
      required_documents: REQUIRED_DOCUMENTS_INVALID,
    });
    expect(formErrors(adminTeamFormSchema, { ...team, required_documents: 'a\nb\nc\nd\ne\nf' })).toEqual({
      required_documents: REQUIRED_DOCUMENTS_INVALID,
    });
  });

  it("opens a team's form with its documents, and a team without any as before", () => {
    const saved = {
      name: 'Sharks',
      total_dues_cents: 100,
      athlete_deposit_cents: 0,
      payment_plan_fee_cents: 0,
      total_app_fee_cents: 0,
      is_app_fee_itemized: true,
      plan_months: [],
      protection_plan_id: null,
    };
    expect(teamValuesOf(saved)).not.toHaveProperty('required_documents');
    expect(teamValuesOf({ ...saved, required_documents: ['Proof of age', 'Medical form'] })).toMatchObject({
      required_documents: 'Proof of age\nMedical form',
      had_documents: 'true',
    });
  });
});

describe("the organization's documents setting (issue 32 point 2)", () => {
  it("sends the box as a boolean and refuses anything but 'true' or 'false'", () => {
    expect(adminDocumentsSettingFormSchema.parse({ delete_after_approval: 'true' })).toEqual({
      delete_after_approval: true,
    });
    expect(adminDocumentsSettingFormSchema.parse({ delete_after_approval: 'false' })).toEqual({
      delete_after_approval: false,
    });
    expect(formErrors(adminDocumentsSettingFormSchema, { delete_after_approval: '' })).toEqual({
      delete_after_approval: SELECTION_INVALID,
    });
  });
});
