/**
 * The club console's wire shapes (issue 22; docs/api.md "Club console" and /work/wt/_brief/issue22.md's contract):
 * staff sessions, teams, the roster, a membership's page and the staff actions' answers. Money is integer cents.
 */
import { z } from 'zod/mini';
import { ROSTER_STATUSES } from '../domain/admin-roster';
import { staffSchema, TEAM_STATUSES } from '../domain/staff';
import { id } from '../domain/wire';

export {
  ROSTER_SORTS,
  ROSTER_STATUSES,
  type RosterQuery,
  type RosterSort,
  type RosterStatus,
} from '../domain/admin-roster';
export { type Staff, type StaffSession, staffSchema, staffSessionSchema } from '../domain/staff';

export const staffAnswerSchema = z.object({ staff: staffSchema });

export const messageAnswerSchema = z.object({ message: z.string() });

/** The second factor (issue 30 point 2): a new secret to add to an authenticator app, then the recovery codes. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export const twoFactorEnabledSchema = z.object({ recovery_codes: z.array(z.string()), staff: staffSchema });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

const cents = z.int();
const named = z.object({ id, name: z.string() });

export const adminTeamSchema = z.object({ id, name: z.string(), season: named, organization: named });
export type AdminTeam = z.infer<typeof adminTeamSchema>;
export const adminTeamsAnswerSchema = z.object({ teams: z.array(adminTeamSchema) });

export const rosterStatusSchema = z.enum(ROSTER_STATUSES);

/** A roster row's fields (the membership page has them too: spread, not `z.extend`, which would add its code to the app shell's zod). */
const rosterRowShape = {
  id,
  athlete: named,
  guardian: z.object({ id, name: z.string(), email: z.string(), phone: z.optional(z.string()) }),
  plan: z.string(),
  paid_cents: cents,
  remaining_cents: cents,
  /** ISO date, or null when nothing is due. */
  next_due: z.nullable(z.string()),
  status: rosterStatusSchema,
  /** Issue 32 point 2: only on a team that requires documents; true until they are all verified. */
  documents_needed: z.optional(z.boolean()),
};
export const rosterRowSchema = z.object(rosterRowShape);
export type RosterRow = z.infer<typeof rosterRowSchema>;

/** A coach's roster row (issue 30 point 2): no amounts, plan or dates; a standing. */
export const teamRosterRowSchema = z.object({
  id,
  athlete: named,
  guardian: z.object({ id, name: z.string(), email: z.string(), phone: z.string() }),
  status: z.enum(TEAM_STATUSES),
  documents_needed: z.optional(z.boolean()),
});
export type TeamRosterRow = z.infer<typeof teamRosterRowSchema>;

export const rosterAnswerSchema = z.object({
  memberships: z.array(z.union([rosterRowSchema, teamRosterRowSchema])),
  total: z.int().check(z.gte(0)),
  page: z.int().check(z.gte(1)),
  page_size: z.int().check(z.gte(1)),
});
export type RosterAnswer = z.infer<typeof rosterAnswerSchema>;

export const phaseSchema = z.object({
  id,
  label: z.string(),
  due_on: z.nullable(z.string()),
  amount_cents: cents,
  status: z.string(),
  paid_at: z.nullable(z.string()),
  refunded_cents: cents,
  offline: z.nullable(z.object({ method: z.string(), note: z.nullable(z.string()) })),
  payment_id: z.nullable(z.union([id, z.string()])),
});
export type Phase = z.infer<typeof phaseSchema>;

export const auditEntrySchema = z.object({
  id,
  staff: z.nullable(named),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.nullable(z.string()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const membershipDetailSchema = z.object({
  ...rosterRowShape,
  team: named,
  season: named,
  organization_id: id,
  card: z.nullable(z.object({ brand: z.string(), last4: z.string() })),
  /** Issue 31 point 4: the language of the waiver text the family agreed to ('en', 'es'); absent: none recorded. */
  waiver_language: z.optional(z.string()),
  /** Issue 32 point 3: the signed waiver on record (its PDF: GET …/waiver.pdf); absent: none recorded. */
  waiver_agreement: z.optional(
    z.object({
      version: z.number(),
      language: z.string(),
      sha256: z.string(),
      agreed_at: z.string(),
      guardian: z.object({ id, name: z.string() }),
      ip_address: z.string(),
      user_agent: z.string(),
    }),
  ),
  /** Issue 34 point 3: the financial assistance awarded, taken off the dues; absent: none. */
  financial_assistance_cents: z.optional(z.int().check(z.gte(0))),
  phases: z.array(phaseSchema),
  emails: z.array(z.object({ subject: z.string(), to: z.string(), sent_at: z.string() })),
  audit: z.array(auditEntrySchema),
});
export type MembershipDetail = z.infer<typeof membershipDetailSchema>;
export const membershipAnswerSchema = z.object({ membership: membershipDetailSchema });

export const refundAnswerSchema = z.object({
  refund: z.object({ id, amount_cents: cents, reason: z.string() }),
  membership: membershipDetailSchema,
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/** Bodies. */
export interface AdminCredentials {
  email: string;
  password: string;
  /** A staff member with a second factor on (issue 30 point 2): the app's 6-digit code or a recovery code. */
  code?: string;
}
/** Accepting an invitation: a new account names itself; an existing one gives its password only. */
export type AcceptInvitePayload =
  | { token: string; name: string; password: string; password_confirmation: string }
  | { token: string; password: string };
export interface RefundPayload {
  amount_cents: number;
  reason: string;
  /** The charge to refund (the provider's payment id); absent or null: the latest one. */
  payment_id?: string | null;
}
export interface OfflinePayload {
  method: 'cash' | 'cheque';
  note: string;
}
