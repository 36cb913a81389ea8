/**
 * The views' window on admin-setup.machine.ts (issue 22 point 2): what the set-up page shows (loading, the load's
 * failure, the seasons with their teams, licences and coach licences, the settings, the discount codes), which
 * forms the staff member's role offers (owners everything; registrars licences, seats, pauses, discount codes and
 * drafts), the team drafts, the staff and pending invitations (owners), each changeable season's and team's values as
 * its form starts with them (money in dollars), the open form's state (busy, the server's refusal and its messages by
 * field) and what was just saved.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AdminSeasonValues } from '../domain/forms/admin-season';
import { type AdminTeamValues, teamValuesOf } from '../domain/forms/admin-team';
import { formatUsd } from '../domain/money';
import { STAFF_ROLE_LABEL, type StaffRole } from '../domain/staff';
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
  status: string;
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
  /** 'Pay in full' and each monthly plan: 'Pay in full, 3 or 6 monthly payments'. */
  plans: string;
  protectionPlan: string;
  licences: SetupLicenceRow[];
  /** The team form's values for 'Change team' (money in dollars). */
  values: AdminTeamValues;
}

export interface SetupSeasonRow {
  id: number;
  name: string;
  startDate: string;
  firstInstallmentOn: string;
  teams: SetupTeamRow[];
  /** The season form's values for 'Change season'. */
  values: AdminSeasonValues;
}

export interface SetupDraftRow {
  id: number;
  name: string;
  /** The team it started from, with its season: '14U Storm (Fall 2026)', or 'No team'. */
  startedFrom: string;
  /** 'Nov 27, 2026, 3:40 AM' (the last save). */
  savedAt: string;
}

export interface SetupStaffRow {
  id: number;
  name: string;
  email: string;
  /** 'Owner', 'Registrar', 'Coach (12U Tigers)'. */
  role: string;
}

export interface SetupInviteRow {
  id: number;
  name: string;
  email: string;
  role: string;
  /** 'Dec 4, 2026' */
  expiresOn: string;
}

export interface SetupLoaded {
  kind: 'loaded';
  organizationId: number;
  organizationName: string;
  /** 'Owner' or 'Registrar'. */
  role: string;
  /** The `edit_setup` flag (owners): seasons, teams, coach licences, settings. */
  canEditSetup: boolean;
  /** The `manage_staff` flag (owners): the staff and invitations. */
  canManageStaff: boolean;
  seasons: SetupSeasonRow[];
  coachLicences: SetupLicenceRow[];
  protectionPlans: { id: number; name: string }[];
  waiver: string;
  secondPercent: string;
  furtherPercent: string;
  /** 'None' or '10% off the 2nd athlete, 15% off each further one'. */
  householdDiscount: string;
  discountCodes: { code: string; amount: string; active: string }[];
  /** Every team of the organization, for the invite form's coach team and the new draft's team. */
  teams: { id: number; name: string }[];
  /** The team drafts (issue 22 point 6), each a link to its editor. */
  drafts: SetupDraftRow[];
  /** Owners: the staff and the pending invitations (issue 22 point 1); null for a registrar. */
  staff: { members: SetupStaffRow[]; invites: SetupInviteRow[] } | null;
  /** The form being filled in, or null. */
  open: AdminFormTarget | null;
  /** What was just saved ('Season saved.'), announced, or null. */
  savedText: string | null;
  busy: boolean;
}

export type AdminSetupView =
  | { kind: 'loading' }
  | { kind: 'failed'; error: string }
  | SetupLoaded
  | { kind: 'leaving' };

const SAVED_TEXT: Record<AdminFormKind, string> = {
  season: 'Season saved.',
  editSeason: 'Season saved.',
  team: 'Team saved.',
  editTeam: 'Team saved.',
  licence: 'Licence saved.',
  coachLicence: 'Coach licence saved.',
  seats: 'Seats saved.',
  pause: 'Licence saved.',
  settings: 'Settings saved.',
  discountCode: 'Discount code saved.',
  staffInvite: 'Invitation sent.',
  draft: 'Draft created.',
};

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An ISO instant as 'Nov 27, 2026, 3:40 AM' (the reader's time zone); the text itself when it is no date. */
function dateTimeText(iso: string, format: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

function roleText(role: StaffRole, teams: readonly { name: string }[] | null): string {
  const label = STAFF_ROLE_LABEL[role];
  return role === 'coach' && teams !== null && teams.length > 0
    ? `${label} (${teams.map((team) => team.name).join(', ')})`
    : label;
}

/** 'Pay in full, 3 or 6 monthly payments'. */
export function plansText(months: number[]): string {
  if (months.length === 0) return 'Pay in full';
  const sorted = [...months].sort((a, b) => a - b);
  const last = sorted.at(-1);
  const rest = sorted.slice(0, -1);
  return `Pay in full, ${rest.length === 0 ? '' : `${rest.join(', ')} or `}${last} monthly payments`;
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
    status: licence.paused ? 'Paused' : 'Open',
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
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error ?? 'Error' };
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
    role: data.role === null ? '' : STAFF_ROLE_LABEL[data.role],
    canEditSetup: data.can?.edit_setup === true,
    canManageStaff: data.can?.manage_staff === true,
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
        appFee: `${formatUsd(team.total_app_fee_cents)}${team.is_app_fee_itemized ? ' (itemized)' : ''}`,
        plans: plansText(team.plan_months),
        protectionPlan: team.protection_plan_id === null ? 'None' : (planName.get(team.protection_plan_id) ?? 'None'),
        licences: team.licences.map(licenceRow),
        values: teamValuesOf(team),
      })),
    })),
    coachLicences: coach_licences.map(licenceRow),
    protectionPlans: protection_plans.map((plan) => ({ id: plan.id, name: plan.name })),
    waiver: organization.waiver ?? '',
    secondPercent: discount === null ? '' : String(discount.second_percent),
    furtherPercent: discount === null ? '' : String(discount.further_percent),
    householdDiscount:
      discount === null
        ? 'None'
        : `${discount.second_percent}% off the 2nd athlete, ${discount.further_percent}% off each further one`,
    discountCodes: data.discountCodes.map((code) => ({
      code: code.code,
      amount:
        code.percent_off !== null ? `${code.percent_off}% off` : `${formatUsd(code.flat_discount_cents ?? 0)} off`,
      active: code.is_active ? 'Active' : 'Inactive',
    })),
    teams,
    drafts: data.drafts.map((draft) => ({
      id: draft.id,
      name: draft.name,
      startedFrom:
        draft.team_id === null ? 'No team' : (teams.find((team) => team.id === draft.team_id)?.name ?? 'No team'),
      savedAt: dateTimeText(draft.updated_at, DATE_TIME),
    })),
    staff:
      data.staff === null
        ? null
        : {
            members: data.staff.staff.map((member) => ({
              id: member.id,
              name: member.name,
              email: member.email,
              role: roleText(member.role, member.teams),
            })),
            invites: data.staff.invites.map((invite) => ({
              id: invite.id,
              name: invite.name,
              email: invite.email,
              role: roleText(invite.role, invite.team === null ? null : [invite.team]),
              expiresOn: dateTimeText(invite.expires_at, DATE),
            })),
          },
    open: snapshot.matches({ loaded: 'editing' }) ? target : null,
    savedText: saved === null ? null : SAVED_TEXT[saved],
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
