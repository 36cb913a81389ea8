/**
 * The set-up page's forms (issue 22 point 2) as admin-form.machine.ts knows them: which form (and which organization,
 * season, team or licence it is for), its shared schema (src/domain/forms/admin-*.ts: the server validates the body
 * with the same rules), the call that sends its body, what the page follows from its answer (a new draft's id: the
 * editor opens) and the form field a server message key belongs to.
 */
import { updateHelpPayingSettings } from '../api/admin-assistance';
import { createAdminDraft } from '../api/admin-drafts';
import { grantEligibilityException } from '../api/admin-eligibility';
import {
  createAdminSeason,
  createAdminTeam,
  createCoachLicence,
  createDiscountCode,
  createTeamLicence,
  inviteStaffMember,
  updateAdminLicence,
  updateAdminSeason,
  updateAdminSettings,
  updateAdminTeam,
  updateDocumentsSetting,
} from '../api/admin-setup';
import { adminDiscountCodeFormSchema } from '../domain/forms/admin-discount-code';
import { adminDocumentsSettingFormSchema } from '../domain/forms/admin-documents-setting';
import { adminNewDraftFormSchema } from '../domain/forms/admin-draft';
import { adminExceptionFormSchema } from '../domain/forms/admin-eligibility-exception';
import {
  type AdminHelpPayingValues,
  adminHelpPayingFormSchema,
  HELP_PAYING_FIELDS,
} from '../domain/forms/admin-help-paying';
import {
  adminCoachLicenceFormSchema,
  adminLicenceFormSchema,
  adminSeatsFormSchema,
} from '../domain/forms/admin-licence';
import { adminSeasonFormSchema } from '../domain/forms/admin-season';
import { settingsFieldOf, toAdminSettingsBody } from '../domain/forms/admin-settings';
import { adminStaffInviteFormSchema } from '../domain/forms/admin-staff-invite';
import { adminTeamFormSchema } from '../domain/forms/admin-team';
import type { StaffAction, StaffCan } from '../domain/staff';

export type AdminFormTarget =
  | { form: 'season'; organizationId: number }
  | { form: 'editSeason'; seasonId: number }
  | { form: 'team'; seasonId: number }
  | { form: 'editTeam'; teamId: number }
  | { form: 'licence'; teamId: number }
  | { form: 'coachLicence'; organizationId: number }
  /** `version`: the licence's as read (issue 30 point 4), sent as `If-Match` (412 when someone changed it since). */
  | { form: 'seats'; code: string; version?: number }
  | { form: 'pause'; code: string; paused: boolean; version?: number }
  | { form: 'settings'; organizationId: number }
  | { form: 'discountCode'; organizationId: number }
  | { form: 'staffInvite'; organizationId: number }
  | { form: 'draft'; organizationId: number }
  /** Issue 32: 'Grant an exception' to a team's age rule. */
  | { form: 'eligibilityException'; teamId: number }
  /** Issue 32 point 2: whether approved documents' files are deleted. */
  | { form: 'documentsSetting'; organizationId: number }
  /** Issue 34: the organization's help paying settings (assistance, check or cash, instructions, hold days). */
  | { form: 'helpPaying'; organizationId: number };

/** The permission each form's call needs (server/services/staff/permissions.ts; `can` of GET /api/admin/me). */
const FORM_PERMISSION: Readonly<Record<AdminFormKind, StaffAction>> = {
  season: 'edit_setup',
  editSeason: 'edit_setup',
  team: 'edit_setup',
  editTeam: 'edit_setup',
  coachLicence: 'edit_setup',
  settings: 'edit_setup',
  licence: 'manage_licences',
  seats: 'manage_licences',
  pause: 'manage_licences',
  discountCode: 'manage_discounts',
  staffInvite: 'manage_staff',
  draft: 'manage_drafts',
  eligibilityException: 'grant_eligibility_exception',
  documentsSetting: 'edit_setup',
  helpPaying: 'edit_help_paying',
};

/** Whether the staff member's flags in the organization let them open `form` (the server refuses the others). */
export function mayOpenForm(can: StaffCan | null, form: AdminFormKind): boolean {
  return can?.[FORM_PERMISSION[form]] === true;
}

/** Whether `open` is the form `target` names: the same form for the same organization, season, team or licence. */
export function isSameTarget(open: AdminFormTarget | null, target: AdminFormTarget): boolean {
  return open !== null && JSON.stringify(open) === JSON.stringify(target);
}

/** What the page follows from a saved form: the new draft's id (its editor opens), else null (the page reloads). */
export interface AdminFormResult {
  draftId: number | null;
}

export type AdminFormKind = AdminFormTarget['form'];

/** A form's values are text; each schema checks that the fields it needs are there (a missing one is refused). */
type Values = Record<string, string>;

function text(values: Values, key: string): string {
  return values[key] ?? '';
}

/** The form's own fields of `values` (FORM_FIELDS), a missing one as '' (the schema then names it). */
function fieldsOf(form: AdminFormKind, values: Values): Values {
  return Object.fromEntries(FORM_FIELDS[form].map((field) => [field, text(values, field)]));
}

/** The settings form's values, typed as its body builder reads them. */
function settingsValues(values: Values) {
  return {
    waiver: text(values, 'waiver'),
    waiver_es: text(values, 'waiver_es'),
    second_percent: text(values, 'second_percent'),
    further_percent: text(values, 'further_percent'),
  };
}

/** The help paying form's values, typed as its schema reads them. */
function helpPayingValues(values: Values): AdminHelpPayingValues {
  return {
    offers_assistance: text(values, 'offers_assistance'),
    accepts_check_or_cash: text(values, 'accepts_check_or_cash'),
    check_or_cash_instructions: text(values, 'check_or_cash_instructions'),
    check_or_cash_hold_days: text(values, 'check_or_cash_hold_days'),
  };
}

/** Whether the values pass the form's shared schema (the machine's submit guard). */
export function isValidAdminForm(target: AdminFormTarget, values: Values): boolean {
  switch (target.form) {
    case 'season':
    case 'editSeason':
      return adminSeasonFormSchema.safeParse(fieldsOf(target.form, values)).success;
    case 'team':
    case 'editTeam':
      return adminTeamFormSchema.safeParse(fieldsOf(target.form, values)).success;
    case 'licence':
      return adminLicenceFormSchema.safeParse(fieldsOf(target.form, values)).success;
    case 'coachLicence':
      return adminCoachLicenceFormSchema.safeParse(fieldsOf(target.form, values)).success;
    case 'seats':
      return adminSeatsFormSchema.safeParse(fieldsOf(target.form, values)).success;
    case 'pause':
      return true;
    case 'settings':
      return toAdminSettingsBody(settingsValues(values)) !== null;
    case 'discountCode':
      return adminDiscountCodeFormSchema.safeParse(fieldsOf(target.form, values)).success;
    case 'staffInvite':
      return adminStaffInviteFormSchema.safeParse(fieldsOf(target.form, values)).success;
    case 'draft':
      return adminNewDraftFormSchema.safeParse(fieldsOf(target.form, values)).success;
    case 'eligibilityException':
      return adminExceptionFormSchema.safeParse(fieldsOf(target.form, values)).success;
    case 'documentsSetting':
      return adminDocumentsSettingFormSchema.safeParse(fieldsOf(target.form, values)).success;
    case 'helpPaying':
      return adminHelpPayingFormSchema.safeParse(helpPayingValues(values)).success;
  }
}

/** Sends the form's body (built by its shared schema); refuses values the schema refuses. */
export async function submitAdminForm(
  target: AdminFormTarget,
  values: Values,
  signal: AbortSignal,
): Promise<AdminFormResult> {
  if (target.form === 'draft') {
    const body = adminNewDraftFormSchema.parse(fieldsOf(target.form, values));
    const draft = await createAdminDraft(target.organizationId, body, { signal });
    return { draftId: draft.id };
  }
  await sendAdminForm(target, values, signal);
  return { draftId: null };
}

async function sendAdminForm(
  target: Exclude<AdminFormTarget, { form: 'draft' }>,
  values: Values,
  signal: AbortSignal,
): Promise<unknown> {
  const options = { signal };
  switch (target.form) {
    case 'season':
      return createAdminSeason(
        target.organizationId,
        adminSeasonFormSchema.parse(fieldsOf(target.form, values)),
        options,
      );
    case 'editSeason':
      return updateAdminSeason(target.seasonId, adminSeasonFormSchema.parse(fieldsOf(target.form, values)), options);
    case 'team':
      return createAdminTeam(target.seasonId, adminTeamFormSchema.parse(fieldsOf(target.form, values)), options);
    case 'editTeam':
      return updateAdminTeam(target.teamId, adminTeamFormSchema.parse(fieldsOf(target.form, values)), options);
    case 'licence':
      return createTeamLicence(target.teamId, adminLicenceFormSchema.parse(fieldsOf(target.form, values)), options);
    case 'coachLicence':
      return createCoachLicence(
        target.organizationId,
        adminCoachLicenceFormSchema.parse(fieldsOf(target.form, values)),
        options,
      );
    case 'seats': {
      const body = adminSeatsFormSchema.parse(fieldsOf(target.form, values));
      return updateAdminLicence(target.code, body, { ...options, version: target.version });
    }
    case 'pause':
      return updateAdminLicence(target.code, { paused: target.paused }, { ...options, version: target.version });
    case 'settings': {
      const body = toAdminSettingsBody(settingsValues(values));
      if (body === null) throw new Error('The settings form sent values its schema refuses.');
      return updateAdminSettings(target.organizationId, body, options);
    }
    case 'discountCode':
      return createDiscountCode(
        target.organizationId,
        adminDiscountCodeFormSchema.parse(fieldsOf(target.form, values)),
        options,
      );
    case 'staffInvite':
      return inviteStaffMember(
        target.organizationId,
        adminStaffInviteFormSchema.parse(fieldsOf(target.form, values)),
        options,
      );
    case 'eligibilityException':
      return grantEligibilityException(
        target.teamId,
        adminExceptionFormSchema.parse(fieldsOf(target.form, values)),
        options,
      );
    case 'documentsSetting':
      return updateDocumentsSetting(
        target.organizationId,
        adminDocumentsSettingFormSchema.parse(fieldsOf(target.form, values)),
        options,
      );
    case 'helpPaying':
      return updateHelpPayingSettings(
        target.organizationId,
        adminHelpPayingFormSchema.parse(helpPayingValues(values)),
        options,
      );
  }
}

/** The form field a server message key (a body field) belongs to; null when it is none of the form's. */
export function formFieldOf(target: AdminFormTarget, key: string): string | null {
  if (target.form === 'settings') return settingsFieldOf(key);
  const field = key.split('.')[0] ?? key;
  return FORM_FIELDS[target.form].includes(field) ? field : null;
}

const SEASON_FIELDS = ['name', 'start_date', 'first_installment_on'];
const TEAM_FIELDS = [
  'name',
  'total_dues_cents',
  'athlete_deposit_cents',
  'payment_plan_fee_cents',
  'total_app_fee_cents',
  'is_app_fee_itemized',
  'plan_months',
  'protection_plan_id',
  // Issue 32: the age rule ('' for none; `had_age_rule` removes one the team had).
  'age_rule',
  'age_custom_date',
  'age_min',
  'age_max',
  'had_age_rule',
  // Issue 32 point 2: the documents, one per line (`had_documents`: the team required some as the form opened).
  'required_documents',
  'had_documents',
];

const FORM_FIELDS: Record<AdminFormKind, readonly string[]> = {
  season: SEASON_FIELDS,
  editSeason: SEASON_FIELDS,
  team: TEAM_FIELDS,
  editTeam: TEAM_FIELDS,
  licence: ['code', 'seats'],
  coachLicence: ['code', 'seats', 'expires_on'],
  seats: ['available_licenses'],
  pause: [],
  settings: ['waiver', 'waiver_es', 'second_percent', 'further_percent'],
  discountCode: ['code', 'percent_off', 'flat_discount_cents'],
  staffInvite: ['name', 'email', 'role', 'team_id'],
  draft: ['team_id'],
  eligibilityException: ['athlete_username', 'guardian_email', 'athlete_name', 'reason'],
  documentsSetting: ['delete_after_approval'],
  helpPaying: HELP_PAYING_FIELDS,
};
