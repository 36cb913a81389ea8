import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Staff } from '../src/api/admin';
import { ApiError } from '../src/api/errors';
import { adminSecurityMachine } from '../src/machines/admin-security.machine';
import { getStaffSession, setStaffSession } from '../src/session/staff';
import { SecurityView } from '../src/views/admin/security-view';
import {
  type Driver,
  defineModel,
  doneEvent,
  errorEvent,
  isRefused,
  renderInRouter,
  runPaths,
  snapshotAt,
} from './harness/index.ts';
import { staffFixture } from './staff.fixtures';

/** The console's security page (issue 30 point 2): turning on a second factor, and an owner requiring it. */

const owner: Staff = staffFixture({
  id: 1,
  name: 'Olivia Grant',
  email: 'owner@northside.example',
  organizations: [{ id: 1, name: 'Northside', role: 'owner', teams: null }],
});
const enrolled: Staff = { ...owner, two_factor_enabled: true };
const coach: Staff = staffFixture({
  id: 3,
  name: 'Chris Tanaka',
  email: 'coach.tigers@northside.example',
  organizations: [{ id: 1, name: 'Northside', role: 'coach', teams: [{ id: 4, name: '12U Tigers' }] }],
});
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const setupAnswer = { secret: SECRET, uri: `otpauth://totp/Club%20console:owner%40northside.example?secret=${SECRET}` };
const RECOVERY = Array.from({ length: 10 }, (_, index) => `AAAA-BBBB-CCCC-${String(index).padStart(4, '0')}`);
const CODE_WRONG = 'That code is not right. Check your authenticator app and try again.';

const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const gone = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });
const codeRefused = new ApiError({ kind: 'http', status: 422, message: CODE_WRONG, messages: { code: [CODE_WRONG] } });

beforeEach(() => {
  setStaffSession({ token: 'staff-token', staff: owner });
});

const model = defineModel({
  machine: adminSecurityMachine,
  events: {
    RETRY: [{ type: 'RETRY' }],
    START: [{ type: 'START' }],
    CONFIRM: [{ type: 'CONFIRM', code: ' 123456 ' }],
    REQUIRE: [{ type: 'REQUIRE', organizationId: 1, required: true }],
    'xstate.done.actor.load': [doneEvent('load', owner)],
    'xstate.error.actor.load': [errorEvent('load', offline), errorEvent('load', gone)],
    'xstate.done.actor.start': [doneEvent('start', setupAnswer)],
    'xstate.error.actor.start': [errorEvent('start', offline), errorEvent('start', gone)],
    'xstate.done.actor.enable': [doneEvent('enable', { recovery_codes: RECOVERY, staff: enrolled })],
    'xstate.error.actor.enable': [
      errorEvent('enable', codeRefused),
      errorEvent('enable', offline),
      errorEvent('enable', gone),
    ],
    'xstate.done.actor.require': [doneEvent('require', owner)],
    'xstate.error.actor.require': [errorEvent('require', offline), errorEvent('require', gone)],
  },
  context: ['error', 'codeError'],
  states: {
    toLogin: (snapshot) => {
      expect(snapshot.output).toEqual({ to: '/admin/login' });
      expect(getStaffSession()).toBeNull();
    },
    // The code is sent trimmed.
    'loaded.confirming': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'enable', input: { code: '123456' } }),
    'loaded.saving': (_snapshot, { invocations }) =>
      expect(invocations.at(-1)).toMatchObject({ id: 'require', input: { organizationId: 1, required: true } }),
    // The stored session follows: the other pages see the second factor on.
    'loaded.enabled': (snapshot) => {
      expect(snapshot.context.recoveryCodes).toEqual(RECOVERY);
      expect(getStaffSession()?.staff.two_factor_enabled).toBe(true);
    },
  },
});

const driver: Driver<typeof adminSecurityMachine> = {
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  START: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Turn on two-step verification' })),
  CONFIRM: async (event, { user }) => {
    const code = screen.getByLabelText('Code');
    await user.clear(code);
    await user.type(code, `${event.code}{Enter}`);
  },
  REQUIRE: async (_event, { user }) =>
    user.click(screen.getByRole('button', { name: 'Require two-step verification in Northside' })),
};

runPaths({
  model,
  uiRun: {
    name: 'admin security driver',
    render: ({ actor }) => renderInRouter(<SecurityView actorRef={actor} />, '/admin/security'),
    driver,
    states: {
      loading: () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
      failed: () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      'loaded.idle': () => {
        expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Turn on two-step verification' })).toBeTruthy();
        expect(screen.getByText('Two-step verification is not required here.')).toBeTruthy();
      },
      'loaded.actionFailed': () => expect(screen.getByRole('alert').textContent).toBe(offline.message),
      'loaded.scanning.asking': () => {
        expect(screen.getByTestId('totp-secret').textContent).toBe(SECRET);
        expect(screen.getByRole('link', { name: 'open it in the app' }).getAttribute('href')).toBe(setupAnswer.uri);
        expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBeNull();
      },
      'loaded.scanning.refused': () => {
        // The refusal is tied to the code's field.
        const code = screen.getByLabelText('Code');
        expect(code.getAttribute('aria-invalid')).toBe('true');
        const describedBy = (code.getAttribute('aria-describedby') ?? '').split(' ');
        expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(CODE_WRONG);
      },
      'loaded.confirming': () =>
        expect(screen.getByRole('button', { name: 'Turn on' }).hasAttribute('disabled')).toBe(true),
      'loaded.enabled': () => {
        expect(screen.getByText('Two-step verification is on.')).toBeTruthy();
        const codes = screen.getByRole('list', { name: 'Recovery codes' });
        expect(
          within(codes)
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toEqual(RECOVERY);
      },
    },
  },
});

describe('admin security machine', () => {
  it('refuses an empty code, and a second factor or a requirement the role may not', () => {
    expect(isRefused(snapshotAt(model, 'loaded.scanning.asking'), { type: 'CONFIRM', code: '  ' })).toBe(true);
    const idle = snapshotAt(model, 'loaded.idle');
    expect(isRefused(idle, { type: 'REQUIRE', organizationId: 2, required: true })).toBe(true);
    const asCoach = idle.machine.resolveState({
      value: { loaded: 'idle' },
      context: { ...idle.context, staff: coach },
    });
    expect(isRefused(asCoach, { type: 'START' })).toBe(true);
    expect(isRefused(asCoach, { type: 'REQUIRE', organizationId: 1, required: true })).toBe(true);
  });
});
