/**
 * The views' window on admin-home.machine.ts: what /admin shows (loading, the load's failure, the organizations with
 * the role and their teams) and whether 'Log out' is offered.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { type StaffRole, staffCanAnywhere } from '../domain/staff';
import type { adminHomeMachine } from './admin-home.machine';

export type AdminHomeActorRef = ActorRefFrom<typeof adminHomeMachine>;
export type AdminHomeSnapshot = SnapshotFrom<typeof adminHomeMachine>;

export interface AdminHomeOrganization {
  id: number;
  name: string;
  /** The role, named by the view: 'Owner', 'Registrar' or 'Coach' (`admin.role`). */
  role: StaffRole;
  /** The organization's season set-up page (owners and registrars; issue 22 point 2), or null. */
  setupHref: string | null;
  /** Issue 33 point 4: the season's picture (owners and registrars: who may read money there). */
  showsSeason: boolean;
  teams: { id: number; name: string; season: string }[];
}

export type AdminHomeView =
  | { kind: 'loading' }
  /** The server's text (null: none came; the view says 'Error'). */
  | { kind: 'failed'; error: string | null }
  | {
      kind: 'loaded';
      staffName: string;
      organizations: AdminHomeOrganization[];
      /** The security page (issue 30 point 2), for who may turn on a second factor or require one; else null. */
      securityHref: string | null;
      /** Issue 32 point 2: the documents queue (owners, registrars). */
      documentsHref: string | null;
      /** Issue 33 point 4: the 'Billing' page (owners, registrars: who may read money somewhere). */
      billingHref: string | null;
      /** Issue 34 point 2: the financial assistance queue and budget (owners, registrars: `read_assistance`). */
      assistanceHref: string | null;
      /** Organizations that require a second factor the staff member has not turned on (money is refused there). */
      twoFactorNeededIn: string[];
    }
  | { kind: 'leaving' };

export function adminHomeView(snapshot: AdminHomeSnapshot): AdminHomeView {
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error ?? null };
  const { data } = snapshot.context;
  if (!snapshot.matches('loaded') || data === null) return { kind: 'leaving' };
  const organizations = data.staff.organizations.map((organization) => ({
    id: organization.id,
    name: organization.name,
    role: organization.role,
    setupHref: organization.can.read_setup ? `/admin/organizations/${organization.id}/setup` : null,
    showsSeason: organization.can.read_money,
    teams: data.teams
      .filter((team) => team.organization.id === organization.id)
      .map((team) => ({ id: team.id, name: team.name, season: team.season.name })),
  }));
  const { staff } = data;
  const security =
    staffCanAnywhere(staff.organizations, 'use_two_factor') ||
    staffCanAnywhere(staff.organizations, 'require_two_factor');
  return {
    kind: 'loaded',
    staffName: staff.name,
    organizations,
    securityHref: security ? '/admin/security' : null,
    /** Issue 32 point 2: the documents queue, for owners and registrars. */
    documentsHref: staffCanAnywhere(staff.organizations, 'verify_documents') ? '/admin/documents' : null,
    billingHref: staffCanAnywhere(staff.organizations, 'read_money') ? '/admin/billing' : null,
    assistanceHref: staffCanAnywhere(staff.organizations, 'read_assistance') ? '/admin/assistance' : null,
    twoFactorNeededIn: staff.two_factor_enabled
      ? []
      : staff.organizations
          .filter((organization) => organization.two_factor_required && organization.can.use_two_factor)
          .map((organization) => organization.name),
  };
}

/** 'Log out' in the header: offered once the page is loaded. */
export function canLogOut(snapshot: AdminHomeSnapshot): boolean {
  return snapshot.can({ type: 'LOG_OUT' });
}
