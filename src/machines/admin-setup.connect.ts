/**
 * The views' window on admin-setup.machine.ts (issue 22 point 2): what the set-up page shows (loading, the load's
 * failure, the seasons with their teams, licences and coach licences, the settings, the discount codes), which
 * forms the staff member's role offers (owners everything; registrars licences, seats, pauses, discount codes and
 * drafts), the team drafts, the staff and pending invitations (owners), each changeable season's and team's values as
 * its form starts with them (money in dollars), the open form's state (busy, the server's refusal and its messages by
 * field) and what was just saved. Site texts come as messages, dates as the server sent them and roles as their
 * names: the views write them in the language in use (`text`, `consoleDate`, `plansText`, `t('admin.role')`).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { isIsoDate } from '../domain/dates';
import { type BirthDateRange, birthDateRange } from '../domain/eligibility';
import { type AdminHelpPayingValues, helpPayingValuesOf } from '../domain/forms/admin-help-paying';
import type { AdminSeasonValues } from '../domain/forms/admin-season';
import { type AdminTeamValues, ageRuleBodySchema, ageRuleOfValues, teamValuesOf } from '../domain/forms/admin-team';
import { formatUsd } from '../domain/money';
import type { StaffRole } from '../domain/staff';
import { intlLocale, type Message, t } from '../i18n/runtime';
import type { adminFormMachine } from './admin-form.machine';
import { type AdminFormKind, type AdminFormTarget, isSameTarget } from './admin-form-targets';

export type { AdminFormTarget };

import type { adminSetupMachine } from './admin-setup.machine';

export type AdminSetupActorRef = ActorRefFrom<typeof adminSetupMachine>;
export type AdminSetupSnapshot = SnapshotFrom<typeof adminSetupMachine>;
export type AdminFormActorRef = ActorRefFrom<typeof adminFormMachine>;
export type AdminFormSnapshot = SnapshotFrom<typeof adminFormMachine>;

export interface SetupLicenceRow {
  code: string;
  seats: number;
  claimed: number;
  paused: boolean;
  /** 'Paused' or 'Open'. */
  status: Message;
  link: string;
  expiresOn: string | null;
  /** Issue 30 point 4: the version the seat and pause forms send back (`If-Match`), when the server gave one. */
  version?: number;
}

export interface SetupTeamRow {
  id: number;
  name: string;
  dues: string;
  deposit: string;
  planFee: string;
  appFee: string;
  /** The app fee is its own line of the family's summary: '$25.00 (itemized)'. */
  appFeeItemized: boolean;
  /** The monthly plans' months (`plansText`: 'Pay in full, 3 or 6 monthly payments'). */
  plans: number[];
  /** The protection plan's name, or null: 'None'. */
  protectionPlan: string | null;
  licences: SetupLicenceRow[];
  /** The team form's values for 'Change team' (money in dollars). */
  values: AdminTeamValues;
  /** Issue 32: the birth dates the team's age rule allows (`YYYY-MM-DD`), or null when it has none. */
  ageRule: BirthDateRange | null;
  /** Issue 32 point 2: the documents the team requires of every membership. */
  documents: readonly string[];
}

export interface SetupSeasonRow {
  id: number;
  name: string;
  /** `YYYY-MM-DD`, shown as it is. */
  startDate: string;
  firstInstallmentOn: string;
  teams: SetupTeamRow[];
  /** The season form's values for 'Change season'. */
  values: AdminSeasonValues;
}

export interface SetupDraftRow {
  id: number;
  name: string;
  /** The team it started from, with its season: '14U Storm (Fall 2026)', or null: 'No team'. */
  startedFrom: string | null;
  /** The last save's instant as the server sent it (`consoleInstant`: 'Nov 27, 2026, 3:40 AM'). */
  savedAt: string;
}

export interface SetupStaffRow {
  id: number;
  name: string;
  email: string;
  /** 'Owner', 'Registrar', 'Coach (12U Tigers)'. */
  role: Message;
}

export interface SetupInviteRow {
  id: number;
  name: string;
  email: string;
  role: Message;
  /** When the link expires, as the server sent it (`consoleInstant`: 'Dec 4, 2026'). */
  expiresOn: string;
}

/** Issue 34: the organization's help paying settings as the owner reads them, and the form's values. */
export interface SetupHelpPaying {
  offersAssistance: boolean;
  acceptsCheckOrCash: boolean;
  /** The instructions families get for paying by check or cash ('' for none). */
  instructions: string;
  holdDays: number;
  values: AdminHelpPayingValues;
}

export interface SetupLoaded {
  kind: 'loaded';
  organizationId: number;
  organizationName: string;
  /** 'Owner' or 'Registrar' (`admin.role`); null: none. */
  role: StaffRole | null;
  /** The `edit_setup` flag (owners): seasons, teams, coach licences, settings. */
  canEditSetup: boolean;
  /** The `manage_staff` flag (owners): the staff and invitations. */
  canManageStaff: boolean;
  /** Issue 32: owners and registrars grant exceptions to a team's age rule. */
  canGrantExceptions: boolean;
  seasons: SetupSeasonRow[];
  coachLicences: SetupLicenceRow[];
  protectionPlans: { id: number; name: string }[];
  waiver: string;
  /** Issue 31 point 4: the waiver's Spanish text ('' for none). */
  waiverEs: string;
  /** Issue 32 point 2: whether approved documents' files are deleted. */
  deleteDocumentsAfterApproval: boolean;
  /** Issue 34: the help paying settings (owners: `edit_help_paying`), else null (the section is not shown). */
  helpPaying: SetupHelpPaying | null;
  secondPercent: string;
  furtherPercent: string;
  /** 'None' or '10% off the 2nd athlete, 15% off each further one'. */
  householdDiscount: Message;
  /** '10% off' or '$25.00 off'; 'Active' or 'Inactive'. */
  discountCodes: { code: string; amount: Message; active: Message }[];
  /** Every team of the organization, for the invite form's coach team and the new draft's team. */
  teams: { id: number; name: string }[];
  /** The team drafts (issue 22 point 6), each a link to its editor. */
  drafts: SetupDraftRow[];
  /** Owners: the staff and the pending invitations (issue 22 point 1); null for a registrar. */
  staff: { members: SetupStaffRow[]; invites: SetupInviteRow[] } | null;
  /** The form being filled in, or null. */
  open: AdminFormTarget | null;
  /** What was just saved ('Season saved.'), announced, or null. */
  savedText: Message | null;
  busy: boolean;
}

export type AdminSetupView =
  | { kind: 'loading' }
  /** The server's text (null: none came; the view says 'Error'). */
  | { kind: 'failed'; error: string | null }
  | SetupLoaded
  | { kind: 'leaving' };

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An ISO instant in the reader's time zone and the language in use: 'Nov 27, 2026, 3:40 AM' (`withTime`) or
 * 'Nov 27, 2026'; the text itself when it is no date. Call it while rendering, never inside a selector.
 */
export function consoleInstant(iso: string, withTime: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = intlLocale();
  const key = `${locale}|${withTime}`;
  const format =
    instantFormats.get(key) ??
    new Intl.DateTimeFormat(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
  instantFormats.set(key, format);
  return format.format(date);
}

/** What was just saved, announced: 'Season saved.' (`admin.saved`). */
function savedOf(form: AdminFormKind): Message {
  if (form === 'eligibilityException') return { key: 'eligibility.exceptionSaved' };
  if (form === 'documentsSetting') return { key: 'clubDocuments.settingSaved' };
  if (form === 'helpPaying') return { key: 'helpPayingSettings.saved' };
  return { key: 'admin.saved', params: { form } };
}

/**
 * Issue 32: the birth dates the team form's age rule allows in the season starting `seasonStartDate` ('Born between
 * {from} and {to}', live as the owner types), or null while the rule is none or incomplete.
 */
export function ageRuleRangeOf(values: AdminTeamValues, seasonStartDate: string): BirthDateRange | null {
  const body = ageRuleOfValues(values).age_rule;
  if (body === undefined || body === null) return null;
  const parsed = ageRuleBodySchema.safeParse(body);
  if (!parsed.success || !isIsoDate(seasonStartDate)) return null;
  const rule = parsed.data;
  return birthDateRange(
    { preset: rule.preset, customDate: rule.custom_date, minAge: rule.min_age, maxAge: rule.max_age },
    seasonStartDate,
  );
}

/** 'Owner', 'Registrar', or a coach with their teams: 'Coach (12U Tigers)'. */
function roleOf(role: StaffRole, teams: readonly { name: string }[] | null): Message {
  return role === 'coach' && teams !== null && teams.length > 0
    ? { key: 'admin.roleWithTeams', params: { role, teams: teams.map((team) => team.name).join(', ') } }
    : { key: 'admin.role', params: { role } };
}

/** 'Pay in full, 3 or 6 monthly payments' in the language in use: call it while rendering. */
export function plansText(months: readonly number[]): string {
  if (months.length === 0) return t('admin.plansNone');
  const sorted = [...months].sort((a, b) => a - b);
  const last = sorted.at(-1) ?? 0;
  const rest = sorted.slice(0, -1);
  return rest.length === 0 ? t('admin.plansOne', { last }) : t('admin.plansSome', { rest: rest.join(', '), last });
}

function licenceRow(licence: {
  code: string;
  available_licenses: number;
  claimed: number;
  paused: boolean;
  link: string;
  expires_on: string | null;
  version?: number | undefined;
}): SetupLicenceRow {
  return {
    code: licence.code,
    seats: licence.available_licenses,
    claimed: licence.claimed,
    paused: licence.paused,
    status: { key: 'admin.licenceStatus', params: { status: licence.paused ? 'paused' : 'open' } },
    link: licence.link,
    expiresOn: licence.expires_on,
    ...(licence.version === undefined ? {} : { version: licence.version }),
  };
}

/** 'Change seats' of a licence row: the form sends the version it read (issue 30 point 4). */
export function seatsTarget(licence: SetupLicenceRow): AdminFormTarget {
  return { form: 'seats', code: licence.code, ...(licence.version === undefined ? {} : { version: licence.version }) };
}

/** 'Pause' / 'Resume' of a licence row, with the version it read. */
export function pauseTarget(licence: SetupLicenceRow): AdminFormTarget {
  const version = licence.version === undefined ? {} : { version: licence.version };
  return { form: 'pause', code: licence.code, paused: !licence.paused, ...version };
}

export function adminSetupView(snapshot: AdminSetupSnapshot): AdminSetupView {
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error ?? null };
  const { data, target, saved, organizationId } = snapshot.context;
  if (data === null || snapshot.status === 'done') return { kind: 'leaving' };
  const { organization, seasons, coach_licences, protection_plans } = data.setup;
  const planName = new Map(protection_plans.map((plan) => [plan.id, plan.name]));
  const discount = organization.household_discount;
  const teams = seasons.flatMap((season) =>
    season.teams.map((team) => ({ id: team.id, name: `${team.name} (${season.name})` })),
  );
  return {
    kind: 'loaded',
    organizationId,
    organizationName: organization.name,
    role: data.role,
    canEditSetup: data.can?.edit_setup === true,
    canManageStaff: data.can?.manage_staff === true,
    canGrantExceptions: data.can?.grant_eligibility_exception === true,
    seasons: seasons.map((season) => ({
      id: season.id,
      name: season.name,
      startDate: season.start_date,
      firstInstallmentOn: season.first_installment_on,
      values: { name: season.name, start_date: season.start_date, first_installment_on: season.first_installment_on },
      teams: season.teams.map((team) => ({
        id: team.id,
        name: team.name,
        dues: formatUsd(team.total_dues_cents),
        deposit: formatUsd(team.athlete_deposit_cents),
        planFee: formatUsd(team.payment_plan_fee_cents),
        appFee: formatUsd(team.total_app_fee_cents),
        appFeeItemized: team.is_app_fee_itemized,
        plans: team.plan_months,
        protectionPlan: team.protection_plan_id === null ? null : (planName.get(team.protection_plan_id) ?? null),
        licences: team.licences.map(licenceRow),
        values: teamValuesOf(team),
        // Issue 32: the team's age rule as the birth dates it allows, or null.
        ageRule: team.age_rule === undefined ? null : { from: team.age_rule.born_from, to: team.age_rule.born_to },
        // Issue 32 point 2: the documents every membership provides (none: the page shows nothing more).
        documents: team.required_documents ?? [],
      })),
    })),
    coachLicences: coach_licences.map(licenceRow),
    protectionPlans: protection_plans.map((plan) => ({ id: plan.id, name: plan.name })),
    waiver: organization.waiver ?? '',
    waiverEs: organization.waiver_es ?? '',
    // Issue 32 point 2: approved documents' files are deleted (an older server: kept).
    deleteDocumentsAfterApproval: organization.delete_documents_after_approval === true,
    helpPaying:
      data.helpPaying === null || data.can?.edit_help_paying !== true
        ? null
        : {
            offersAssistance: data.helpPaying.offers_assistance,
            acceptsCheckOrCash: data.helpPaying.accepts_check_or_cash,
            instructions: data.helpPaying.check_or_cash_instructions ?? '',
            holdDays: data.helpPaying.check_or_cash_hold_days,
            values: helpPayingValuesOf(data.helpPaying),
          },
    secondPercent: discount === null ? '' : String(discount.second_percent),
    furtherPercent: discount === null ? '' : String(discount.further_percent),
    householdDiscount:
      discount === null
        ? { key: 'admin.none' }
        : {
            key: 'admin.householdDiscountText',
            params: { second: discount.second_percent, further: discount.further_percent },
          },
    discountCodes: data.discountCodes.map((code) => ({
      code: code.code,
      amount:
        code.percent_off !== null
          ? { key: 'admin.percentOff', params: { percent: code.percent_off } }
          : { key: 'admin.amountOff', params: { amount: formatUsd(code.flat_discount_cents ?? 0) } },
      active: { key: 'admin.codeStatus', params: { active: code.is_active ? 'yes' : 'no' } },
    })),
    teams,
    drafts: data.drafts.map((draft) => ({
      id: draft.id,
      name: draft.name,
      startedFrom: draft.team_id === null ? null : (teams.find((team) => team.id === draft.team_id)?.name ?? null),
      savedAt: draft.updated_at,
    })),
    staff:
      data.staff === null
        ? null
        : {
            members: data.staff.staff.map((member) => ({
              id: member.id,
              name: member.name,
              email: member.email,
              role: roleOf(member.role, member.teams),
            })),
            invites: data.staff.invites.map((invite) => ({
              id: invite.id,
              name: invite.name,
              email: invite.email,
              role: roleOf(invite.role, invite.team === null ? null : [invite.team]),
              expiresOn: invite.expires_at,
            })),
          },
    open: snapshot.matches({ loaded: 'editing' }) ? target : null,
    savedText: saved === null ? null : savedOf(saved),
    busy: snapshot.hasTag('busy'),
  };
}

/** The open form's child actor, or undefined. */
export function openFormActor(snapshot: AdminSetupSnapshot): AdminFormActorRef | undefined {
  return snapshot.children.form;
}

/** Whether `target` is the open form (the same form for the same season, team or licence). */
export const isOpen = isSameTarget;

export interface AdminFormView {
  busy: boolean;
  /** The server's refusal, announced above the form, or null. */
  alert: string | null;
  /** The server's message on each field (tied to the field). */
  fieldErrors: Record<string, string>;
}

export function adminFormView(snapshot: AdminFormSnapshot): AdminFormView {
  const failed = snapshot.matches('failed');
  return {
    busy: snapshot.hasTag('busy'),
    alert: failed ? snapshot.context.error : null,
    fieldErrors: failed ? snapshot.context.fieldErrors : {},
  };
}
