/**
 * The wire schemas of who may play (issue 32 point 1; docs/api.md "Eligibility (issue 32)"), beside
 * ./eligibility.ts and out of the app shell.
 */
import { z } from 'zod/mini';
import { AGE_RULE_PRESETS } from '../domain/eligibility';
import { id, nonEmptyString } from '../domain/wire';

/** A `YYYY-MM-DD` calendar date. */
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** A team's age rule and the birth dates it allows in its season. */
export const ageRuleSchema = z.object({
  preset: z.enum(AGE_RULE_PRESETS),
  custom_date: z.nullable(isoDate),
  min_age: z.int(),
  max_age: z.int(),
  born_from: isoDate,
  born_to: isoDate,
});
export type AgeRuleJson = z.infer<typeof ageRuleSchema>;

/** GET /api/eligibility/athletes/{id}?license_code= and PUT …/birth-date: what the athlete steps decide on. */
export const eligibilitySchema = z.object({
  team_name: z.string(),
  age_rule: z.nullable(ageRuleSchema),
  birth_date: z.nullable(isoDate),
  has_exception: z.boolean(),
  eligible: z.boolean(),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;

export const eligibilityExceptionSchema = z.object({
  id,
  athlete: z.object({ id, name: z.string(), username: z.nullable(z.string()) }),
  reason: nonEmptyString,
  granted_by: z.nullable(z.object({ id, name: z.string() })),
  granted_at: nonEmptyString,
});
export type EligibilityException = z.infer<typeof eligibilityExceptionSchema>;

/** GET /api/admin/teams/{team_id}/eligibility. */
export const teamEligibilitySchema = z.object({
  team: z.object({ id, name: z.string() }),
  age_rule: z.nullable(ageRuleSchema),
  exceptions: z.array(eligibilityExceptionSchema),
});
export type TeamEligibility = z.infer<typeof teamEligibilitySchema>;

export const grantedExceptionSchema = z.object({ exception: eligibilityExceptionSchema });
