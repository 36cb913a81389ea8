/**
 * The console's team form (issue 22 point 2): POST /api/admin/seasons/{id}/teams and PUT /api/admin/teams/{id} take
 * this body. Money is typed in dollars and sent in cents. The fee fields and their rules are shared with the draft
 * editor's form (./admin-draft.ts): a deposit no larger than the dues, monthly plans of 2 to 24 months.
 */
import { z } from 'zod/mini';
import { AGE_RULE_PRESETS, type AgeRulePreset, ageRuleProblem } from '../eligibility.ts';
import type { FormKey } from '../form-schema.ts';
import {
  centsField,
  centsToDollarsText,
  dollarsTextToCents,
  idTextToId,
  optionalIdField,
  SELECTION_INVALID,
  textField,
} from './admin-fields.ts';

export const TEAM_NAME_REQUIRED = 'form.teamNameRequired' satisfies FormKey;
export const DUES_REQUIRED = 'form.duesRequired' satisfies FormKey;
export const DEPOSIT_REQUIRED = 'form.depositRequired' satisfies FormKey;
export const PLAN_FEE_REQUIRED = 'form.planFeeRequired' satisfies FormKey;
export const APP_FEE_REQUIRED = 'form.appFeeRequired' satisfies FormKey;
/** The staff draft API's text (server/services/staff-drafts.ts). */
export const DEPOSIT_TOO_BIG = 'form.depositTooBig' satisfies FormKey;
export const PLAN_MONTHS_INVALID = 'form.planMonthsInvalid' satisfies FormKey;
export const PLAN_MONTHS_MIN = 2;
export const PLAN_MONTHS_MAX = 24;

/** The fee fields of a team and of a team draft, in the body (cents). */
export const teamFeeShape = {
  total_dues_cents: centsField(DUES_REQUIRED),
  athlete_deposit_cents: centsField(DEPOSIT_REQUIRED),
  payment_plan_fee_cents: centsField(PLAN_FEE_REQUIRED),
  total_app_fee_cents: centsField(APP_FEE_REQUIRED),
  is_app_fee_itemized: z.boolean({ error: SELECTION_INVALID }),
  plan_months: z
    .array(
      z
        .int({ error: PLAN_MONTHS_INVALID })
        .check(z.minimum(PLAN_MONTHS_MIN, PLAN_MONTHS_INVALID), z.maximum(PLAN_MONTHS_MAX, PLAN_MONTHS_INVALID)),
      { error: PLAN_MONTHS_INVALID },
    )
    .check(
      z.maxLength(6, PLAN_MONTHS_INVALID),
      z.refine((months) => new Set(months).size === months.length, PLAN_MONTHS_INVALID),
    ),
  protection_plan_id: optionalIdField,
};

/** The deposit is part of the dues (reported on the deposit). */
export const depositWithinDues = z.refine<{ total_dues_cents: number; athlete_deposit_cents: number }>(
  (fees) => fees.athlete_deposit_cents <= fees.total_dues_cents,
  { message: DEPOSIT_TOO_BIG, path: ['athlete_deposit_cents'] },
);

/** Issue 32: the age rule's texts (its ages; its custom date). */
export const AGE_RULE_AGES = 'form.ageRuleAges' satisfies FormKey;
export const AGE_RULE_CUSTOM_DATE = 'form.ageRuleCustomDate' satisfies FormKey;

/**
 * Issue 32 point 1: a team's age rule in the body (src/domain/eligibility.ts): a preset or a custom date, and the
 * ages allowed on it. Absent: the rule stays as it is; null: the team has none.
 */
export const ageRuleBodySchema = z
  .object({
    preset: z.enum(AGE_RULE_PRESETS, { error: SELECTION_INVALID }),
    custom_date: z.nullable(z.string({ error: AGE_RULE_CUSTOM_DATE })),
    min_age: z.int({ error: AGE_RULE_AGES }),
    max_age: z.int({ error: AGE_RULE_AGES }),
  })
  .check(
    z.refine((rule) => ageRuleProblemOf(rule) !== 'ages', { message: AGE_RULE_AGES, path: ['max_age'] }),
    z.refine((rule) => ageRuleProblemOf(rule) !== 'customDate', {
      message: AGE_RULE_CUSTOM_DATE,
      path: ['custom_date'],
    }),
  );

export type AgeRuleBody = z.output<typeof ageRuleBodySchema>;

function ageRuleProblemOf(rule: AgeRuleBody) {
  return ageRuleProblem({
    preset: rule.preset,
    customDate: rule.custom_date,
    minAge: rule.min_age,
    maxAge: rule.max_age,
  });
}

/**
 * Issue 32 point 2: the documents the team requires of every membership ('Proof of age', or the club's own), at most
 * five, each named once; absent from a body: left as they are.
 */
export const REQUIRED_DOCUMENTS_INVALID = 'form.requiredDocumentsInvalid' satisfies FormKey;
export const REQUIRED_DOCUMENTS_MAX = 5;

export const requiredDocumentsField = z.optional(
  z.array(textField(REQUIRED_DOCUMENTS_INVALID), { error: REQUIRED_DOCUMENTS_INVALID }).check(
    z.maxLength(REQUIRED_DOCUMENTS_MAX, REQUIRED_DOCUMENTS_INVALID),
    z.refine((names) => new Set(names).size === names.length, REQUIRED_DOCUMENTS_INVALID),
  ),
);

export const adminTeamBodySchema = z
  .object({
    name: textField(TEAM_NAME_REQUIRED),
    ...teamFeeShape,
    age_rule: z.optional(z.nullable(ageRuleBodySchema)),
    required_documents: requiredDocumentsField,
  })
  .check(depositWithinDues);

export type AdminTeamBody = z.output<typeof adminTeamBodySchema>;

/**
 * The form's values as typed: money in dollars, `is_app_fee_itemized` 'true' or 'false', `plan_months` the offered
 * months joined by commas ('3,6'; '' for pay in full only), `protection_plan_id` '' for none.
 */
export type AdminTeamValues = {
  name: string;
  total_dues_cents: string;
  athlete_deposit_cents: string;
  payment_plan_fee_cents: string;
  total_app_fee_cents: string;
  is_app_fee_itemized: string;
  plan_months: string;
  protection_plan_id: string;
  /**
   * Issue 32, the age rule: its preset ('' for none), the custom date (`YYYY-MM-DD`, only with 'custom'), the ages
   * allowed; `had_age_rule` 'true' when the team had a rule as the form opened (choosing none then removes it).
   */
  age_rule?: string;
  age_custom_date?: string;
  age_min?: string;
  age_max?: string;
  had_age_rule?: string;
  /**
   * Issue 32 point 2, the documents the team requires: their names one per line ('Proof of age' among them when its
   * box is ticked); `had_documents` 'true' when the team required some as the form opened (an empty list then removes
   * them; a team that had none and gets none sends no `required_documents`, as the form always did).
   */
  required_documents?: string;
  had_documents?: string;
};

export const EMPTY_ADMIN_TEAM: AdminTeamValues = {
  name: '',
  total_dues_cents: '',
  athlete_deposit_cents: '0',
  payment_plan_fee_cents: '0',
  total_app_fee_cents: '0',
  is_app_fee_itemized: 'true',
  plan_months: '3,6',
  protection_plan_id: '',
};

/** '3, 6' → [3, 6]; a part that is not a whole number becomes NaN (refused). */
export function monthsTextToList(text: string): number[] {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
}

/** The fee fields of a form's values, converted for the body's rules. */
export function teamFeesOfValues(values: Omit<AdminTeamValues, 'name'>) {
  return {
    total_dues_cents: dollarsTextToCents(values.total_dues_cents),
    athlete_deposit_cents: dollarsTextToCents(values.athlete_deposit_cents),
    payment_plan_fee_cents: dollarsTextToCents(values.payment_plan_fee_cents),
    total_app_fee_cents: dollarsTextToCents(values.total_app_fee_cents),
    is_app_fee_itemized:
      values.is_app_fee_itemized === 'true' ? true : values.is_app_fee_itemized === 'false' ? false : undefined,
    plan_months: monthsTextToList(values.plan_months).sort((a, b) => a - b),
    protection_plan_id: idTextToId(values.protection_plan_id),
  };
}

function isPreset(text: string): text is AgeRulePreset {
  return AGE_RULE_PRESETS.some((preset) => preset === text);
}

function ageText(text: string | undefined): number {
  return text !== undefined && /^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/**
 * The age rule of a form's values: absent when the team has none and had none (the body stays as it always was),
 * null when one is removed, else the rule (an unknown preset or a bad age is left for the schema to refuse).
 */
export function ageRuleOfValues(
  values: Pick<AdminTeamValues, 'age_rule' | 'age_custom_date' | 'age_min' | 'age_max' | 'had_age_rule'>,
): { age_rule?: { preset: string; custom_date: string | null; min_age: number; max_age: number } | null } {
  const preset = values.age_rule ?? '';
  if (preset === '') return values.had_age_rule === 'true' ? { age_rule: null } : {};
  return {
    age_rule: {
      preset,
      custom_date: isPreset(preset) && preset === 'custom' ? (values.age_custom_date ?? '') : null,
      min_age: ageText(values.age_min),
      max_age: ageText(values.age_max),
    },
  };
}

/** The names of a form's document lines: each trimmed, blank lines left out. */
export function documentLinesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The documents of a form's values: absent when the team has none and had none, else the list (maybe empty). */
export function requiredDocumentsOfValues(values: Pick<AdminTeamValues, 'required_documents' | 'had_documents'>): {
  required_documents?: string[];
} {
  const names = documentLinesOf(values.required_documents ?? '');
  return names.length === 0 && values.had_documents !== 'true' ? {} : { required_documents: names };
}

/** The form's schema: its values converted to the body, then the body's rules (errors keyed by the same fields). */
export const adminTeamFormSchema = z.pipe(
  z.transform((values: AdminTeamValues) => ({
    name: values.name,
    ...teamFeesOfValues(values),
    ...ageRuleOfValues(values),
    ...requiredDocumentsOfValues(values),
  })),
  adminTeamBodySchema,
);

/** The body for valid form values, else null. */
export function toAdminTeamBody(values: AdminTeamValues): AdminTeamBody | null {
  const result = adminTeamFormSchema.safeParse(values);
  return result.success ? result.data : null;
}

/** A saved team's (or draft's) name and fees as the form starts with them: money in dollars ('450.00'). */
export function teamValuesOf(team: {
  name: string;
  total_dues_cents: number;
  athlete_deposit_cents: number;
  payment_plan_fee_cents: number;
  total_app_fee_cents: number;
  is_app_fee_itemized: boolean;
  plan_months: readonly number[];
  protection_plan_id: number | null;
  age_rule?: { preset: AgeRulePreset; custom_date: string | null; min_age: number; max_age: number } | undefined;
  required_documents?: readonly string[] | undefined;
}): AdminTeamValues {
  const rule = team.age_rule;
  const documents = team.required_documents ?? [];
  return {
    name: team.name,
    total_dues_cents: centsToDollarsText(team.total_dues_cents),
    athlete_deposit_cents: centsToDollarsText(team.athlete_deposit_cents),
    payment_plan_fee_cents: centsToDollarsText(team.payment_plan_fee_cents),
    total_app_fee_cents: centsToDollarsText(team.total_app_fee_cents),
    is_app_fee_itemized: team.is_app_fee_itemized ? 'true' : 'false',
    plan_months: team.plan_months.join(','),
    protection_plan_id: team.protection_plan_id === null ? '' : String(team.protection_plan_id),
    // Issue 32: only a team with an age rule carries its fields (a team without one has the values it always had).
    ...(rule === undefined
      ? {}
      : {
          age_rule: rule.preset,
          age_custom_date: rule.custom_date ?? '',
          age_min: String(rule.min_age),
          age_max: String(rule.max_age),
          had_age_rule: 'true',
        }),
    // Issue 32 point 2: likewise only a team that requires documents carries them.
    ...(documents.length === 0 ? {} : { required_documents: documents.join('\n'), had_documents: 'true' }),
  };
}
