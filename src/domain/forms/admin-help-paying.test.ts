import { describe, expect, it } from 'vitest';
import { formErrors } from '../form-schema';
import {
  type AdminHelpPayingValues,
  adminHelpPayingFormSchema,
  HOLD_DAYS_RANGE,
  helpPayingValuesOf,
  INSTRUCTIONS_REQUIRED,
  INSTRUCTIONS_TOO_LONG,
} from './admin-help-paying';

const northside: AdminHelpPayingValues = {
  offers_assistance: 'true',
  accepts_check_or_cash: 'true',
  check_or_cash_instructions: '  Make checks payable to Northside Youth Baseball.  ',
  check_or_cash_hold_days: '14',
};

describe("the owner's help paying form (issue 34)", () => {
  it('builds the body PUT /api/admin/organizations/{id}/help-paying takes: booleans, trimmed text, whole days', () => {
    expect(adminHelpPayingFormSchema.parse(northside)).toEqual({
      offers_assistance: true,
      accepts_check_or_cash: true,
      check_or_cash_instructions: 'Make checks payable to Northside Youth Baseball.',
      check_or_cash_hold_days: 14,
    });
    expect(
      adminHelpPayingFormSchema.parse({
        ...northside,
        offers_assistance: 'false',
        accepts_check_or_cash: 'false',
        check_or_cash_instructions: ' ',
      }),
    ).toMatchObject({ offers_assistance: false, accepts_check_or_cash: false, check_or_cash_instructions: null });
  });

  it("ties each refusal to its field, with the server's words", () => {
    expect(formErrors(adminHelpPayingFormSchema, { ...northside, check_or_cash_instructions: '' })).toEqual({
      check_or_cash_instructions: INSTRUCTIONS_REQUIRED,
    });
    for (const days of ['', '0', '61', '1.5', 'ten']) {
      expect(formErrors(adminHelpPayingFormSchema, { ...northside, check_or_cash_hold_days: days })).toEqual({
        check_or_cash_hold_days: HOLD_DAYS_RANGE,
      });
    }
    expect(
      formErrors(adminHelpPayingFormSchema, { ...northside, check_or_cash_instructions: 'x'.repeat(1001) }),
    ).toEqual({ check_or_cash_instructions: INSTRUCTIONS_TOO_LONG });
  });

  it('opens with the settings as the server answered them', () => {
    expect(
      helpPayingValuesOf({
        offers_assistance: false,
        accepts_check_or_cash: false,
        check_or_cash_instructions: null,
        check_or_cash_hold_days: 14,
      }),
    ).toEqual({
      offers_assistance: 'false',
      accepts_check_or_cash: 'false',
      check_or_cash_instructions: '',
      check_or_cash_hold_days: '14',
    });
  });
});
