/**
 * The views' window on admin-security.machine.ts (/admin/security): the second factor's state (on, off, the key to
 * add, the recovery codes), each organization an owner may rule, and what is under way or failed.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { staffCanAnywhere } from '../domain/staff';
import type { adminSecurityMachine } from './admin-security.machine';

export type AdminSecurityActorRef = ActorRefFrom<typeof adminSecurityMachine>;
export type AdminSecuritySnapshot = SnapshotFrom<typeof adminSecurityMachine>;

export interface SecurityOrganizationView {
  id: number;
  name: string;
  required: boolean;
}

export type AdminSecurityView =
  | { kind: 'loading' }
  /** The server's text (null: none came; the view says 'Error'). */
  | { kind: 'failed'; error: string | null }
  | {
      kind: 'loaded';
      /** 'on' | 'off' (may turn it on) | 'unavailable' (no role that may) | 'scanning' (the key is shown). */
      twoFactor: 'on' | 'off' | 'unavailable' | 'scanning';
      /** The key (base32) and the otpauth:// link, while scanning. */
      secret: string | null;
      uri: string | null;
      codeError: string | null;
      /** Shown once, after turning it on. */
      recoveryCodes: string[] | null;
      /** The organizations whose owner the staff member is (may require a second factor there). */
      organizations: SecurityOrganizationView[];
      /** Organizations that require it while it is off: money actions are refused there. */
      blockedIn: string[];
      error: string | null;
      busy: boolean;
    }
  | { kind: 'leaving' };

export function adminSecurityView(snapshot: AdminSecuritySnapshot): AdminSecurityView {
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error ?? null };
  const { staff, setup, recoveryCodes, error, codeError } = snapshot.context;
  if (!snapshot.matches('loaded') || staff === null) return { kind: 'leaving' };
  const scanning = snapshot.matches({ loaded: 'scanning' }) || snapshot.matches({ loaded: 'confirming' });
  const mayUse = staffCanAnywhere(staff.organizations, 'use_two_factor');
  const twoFactor = staff.two_factor_enabled ? 'on' : scanning ? 'scanning' : mayUse ? 'off' : 'unavailable';
  return {
    kind: 'loaded',
    twoFactor,
    secret: scanning ? (setup?.secret ?? null) : null,
    uri: scanning ? (setup?.uri ?? null) : null,
    codeError: snapshot.matches({ loaded: { scanning: 'refused' } }) ? codeError : null,
    recoveryCodes,
    organizations: staff.organizations
      .filter((organization) => organization.can.require_two_factor)
      .map((organization) => ({
        id: organization.id,
        name: organization.name,
        required: organization.two_factor_required,
      })),
    blockedIn: staff.two_factor_enabled
      ? []
      : staff.organizations
          .filter((organization) => organization.two_factor_required && organization.can.use_two_factor)
          .map((organization) => organization.name),
    error: snapshot.matches({ loaded: 'actionFailed' }) ? error : null,
    busy: snapshot.hasTag('busy'),
  };
}
