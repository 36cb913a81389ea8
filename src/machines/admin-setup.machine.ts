/**
 * The club console's season set-up page, /admin/organizations/$organizationId/setup (issue 22 point 2): loads the
 * staff member (their role here), the organization's set-up (seasons, teams, licences, coach licences, settings), its
 * discount codes, its team drafts and, for an owner, its staff, pending invitations and help paying settings (issue
 * 34); a load failure is a state with a retry (a coach's 403 shows its text). Each form (a new or changed season or
 * team, a licence, a coach licence, a licence's seats or pause, the settings, a discount code, a staff invitation, a
 * new draft, the help paying settings) runs as a child
 * admin-form.machine.ts; once it saves, the set-up is loaded again and the page says what was saved, but a new draft
 * opens in the draft editor (issue 22 point 6). A session the server no longer knows (401) is forgotten and leads to
 * /admin/login.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { getAdminMe } from '../api/admin';
import { getHelpPayingSettings } from '../api/admin-assistance';
import { type AdminDraft, getAdminDrafts } from '../api/admin-drafts';
import {
  type AdminDiscountCode,
  type AdminSetup,
  getAdminSetup,
  getDiscountCodes,
  getStaffList,
  type StaffList,
} from '../api/admin-setup';
import { ApiError, errorText } from '../api/errors';
import type { HelpPayingSettings } from '../domain/forms/admin-help-paying';
import type { StaffCan, StaffRole } from '../domain/staff';
import { clearStaffSession } from '../session/staff';
import { type AdminFormOutput, adminFormMachine } from './admin-form.machine';
import { type AdminFormKind, type AdminFormTarget, isSameTarget, mayOpenForm } from './admin-form-targets';
import { exitOf } from './flow-exit';
import { apiCall } from './settle-unless-aborted';

export interface AdminSetupData {
  role: StaffRole | null;
  /** What the staff member may do in the organization (`can` of GET /api/admin/me), null outside it. */
  can: StaffCan | null;
  setup: AdminSetup;
  discountCodes: AdminDiscountCode[];
  drafts: AdminDraft[];
  /** The staff and pending invitations (owners only), else null. */
  staff: StaffList | null;
  /** Issue 34: the organization's help paying settings (owners only: `edit_help_paying`), else null. */
  helpPaying: HelpPayingSettings | null;
}

export type AdminSetupExit = { to: '/admin/login' } | { to: '/admin/drafts/$draftId'; params: { draftId: string } };

export type AdminSetupEvent = { type: 'RETRY' } | { type: 'OPEN'; target: AdminFormTarget } | { type: 'CLOSE' };

export interface AdminSetupContext {
  organizationId: number;
  data: AdminSetupData | null;
  error: string | null;
  /** The form being filled in, or null. */
  target: AdminFormTarget | null;
  /** The form last saved (the page says so), or null. */
  saved: AdminFormKind | null;
  exit: AdminSetupExit | null;
}

async function loadSetup(organizationId: number, signal: AbortSignal): Promise<AdminSetupData> {
  // Only who may manage staff lists them, only an owner reads the help paying settings here (403 for others): asked
  // once the flags are known, beside the other calls.
  const roleAndStaff = getAdminMe({ signal }).then(async (me) => {
    const place = me.organizations.find((organization) => organization.id === organizationId);
    const [staff, helpPaying] = await Promise.all([
      place?.can.manage_staff ? getStaffList(organizationId, { signal }) : null,
      place?.can.edit_help_paying ? getHelpPayingSettings(organizationId, { signal }) : null,
    ]);
    return { role: place?.role ?? null, can: place?.can ?? null, staff, helpPaying };
  });
  const [{ role, can, staff, helpPaying }, setupAnswer, discountCodes, drafts] = await Promise.all([
    roleAndStaff,
    getAdminSetup(organizationId, { signal }),
    getDiscountCodes(organizationId, { signal }),
    getAdminDrafts(organizationId, { signal }),
  ]);
  return { role, can, setup: setupAnswer, discountCodes, drafts, staff, helpPaying };
}

const adminSetup = setup({
  types: {
    context: {} as AdminSetupContext,
    events: {} as AdminSetupEvent,
    input: {} as { organizationId: number },
    output: {} as AdminSetupExit,
    children: {} as { load: 'load'; form: 'form' },
  },
  actors: {
    load: apiCall<AdminSetupData, { organizationId: number }>((input, signal) =>
      loadSetup(input.organizationId, signal),
    ),
    form: adminFormMachine,
  },
  guards: {
    isSessionGone: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 401,
    isFormAllowed: ({ context, event }) => {
      assertEvent(event, 'OPEN');
      return mayOpenForm(context.data?.can ?? null, event.target.form);
    },
    /** Another form than the open one (the open form's button is the form itself). */
    isOtherForm: ({ context, event }) => {
      assertEvent(event, 'OPEN');
      return !isSameTarget(context.target, event.target);
    },
    isFormSessionGone: (_, params: { output: AdminFormOutput }) => 'sessionGone' in params.output,
    isDraftCreated: (_, params: { output: AdminFormOutput }) =>
      'draftId' in params.output && params.output.draftId !== null,
  },
  actions: {
    remember: assign({ data: (_, data: AdminSetupData) => data, error: null }),
    rememberError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    open: assign(({ event }) => {
      assertEvent(event, 'OPEN');
      return { target: event.target, saved: null };
    }),
    close: assign({ target: null }),
    rememberSaved: assign(({ context }) => ({ saved: context.target?.form ?? null, target: null })),
    forgetSession: () => clearStaffSession(),
    leave: assign({ exit: (_, exit: AdminSetupExit) => exit }),
    openDraft: assign({
      exit: (_, params: { output: AdminFormOutput }): AdminSetupExit | null =>
        'draftId' in params.output && params.output.draftId !== null
          ? { to: '/admin/drafts/$draftId', params: { draftId: String(params.output.draftId) } }
          : null,
    }),
  },
});

/**
 * Loading the set-up, at the start and again after a save (`loading`, `reloading`): the same call and the same ways out.
 */
const loadSetUp = adminSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    id: 'load',
    src: 'load',
    input: ({ context }) => ({ organizationId: context.organizationId }),
    onDone: { target: 'loaded', actions: { type: 'remember', params: ({ event }) => event.output } },
    onError: [
      {
        guard: { type: 'isSessionGone', params: ({ event }) => ({ error: event.error }) },
        target: 'toLogin',
        actions: 'forgetSession',
        description: '§1 club console, issue 22 point 2: a session the server no longer knows: log in again',
      },
      { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
    ],
  },
});

export const adminSetupMachine = adminSetup.createMachine({
  id: 'adminSetup',
  description:
    "§1 club console, issue 22 point 2: an organization's season set-up: seasons, teams, licences, settings, discount codes, drafts, staff",
  context: ({ input }) => ({
    organizationId: input.organizationId,
    data: null,
    error: null,
    target: null,
    saved: null,
    exit: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        '§1 club console, issue 22 point 2: GET /api/admin/me, the set-up, the discount codes, the drafts and (owners) the staff',
      ...loadSetUp,
    },
    failed: {
      description: "§1 club console, issue 22 point 2: the load failed (a coach: refused): its text and 'Try again'",
      on: { RETRY: { target: 'loading' } },
    },
    loaded: {
      description:
        '§1 club console, issue 22 point 2: the seasons with their teams and licences, the settings and the discount codes',
      initial: 'browsing',
      states: {
        browsing: {
          description:
            "§1 club console, issue 22 point 2: the set-up; each form the staff member's role allows opens from its button",
          on: { OPEN: { guard: 'isFormAllowed', target: 'editing', actions: 'open' } },
        },
        editing: {
          description:
            '§1 club console, issue 22 point 2: one form (admin-form.machine.ts): edit, save, saved or refused',
          invoke: {
            id: 'form',
            src: 'form',
            input: ({ context }) => {
              if (context.target === null) throw new Error('A form opened without its target.');
              return { target: context.target };
            },
            onDone: [
              {
                guard: { type: 'isFormSessionGone', params: ({ event }) => ({ output: event.output }) },
                target: '#adminSetup.toLogin',
                actions: 'forgetSession',
              },
              {
                guard: { type: 'isDraftCreated', params: ({ event }) => ({ output: event.output }) },
                target: '#adminSetup.toDraft',
                actions: { type: 'openDraft', params: ({ event }) => ({ output: event.output }) },
                description: '§1 club console, issue 22 point 6: a new draft opens in the draft editor',
              },
              { target: '#adminSetup.reloading', actions: 'rememberSaved' },
            ],
          },
          on: {
            CLOSE: { target: 'browsing', actions: 'close' },
            OPEN: {
              guard: and(['isFormAllowed', 'isOtherForm']),
              target: 'editing',
              actions: 'open',
              reenter: true,
              description: '§1 club console, issue 22 point 2: another form opens in place of the open one',
            },
          },
        },
      },
    },
    reloading: {
      description: '§1 club console, issue 22 point 2: saved: the set-up is loaded again',
      ...loadSetUp,
    },
    toLogin: {
      description: '§1 club console, issue 22 point 2: /admin/login',
      type: 'final',
      entry: { type: 'leave', params: { to: '/admin/login' } },
    },
    toDraft: {
      description: "§1 club console, issue 22 point 6: the new draft's editor, /admin/drafts/$draftId",
      type: 'final',
    },
  },
  output: ({ context }) => exitOf(context),
});
