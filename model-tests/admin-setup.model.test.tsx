import { beforeEach } from 'vitest';
import { ApiError } from '../src/api/errors';
import type { AdminSetupData } from '../src/machines/admin-setup.machine';
import { adminSetupMachine } from '../src/machines/admin-setup.machine';
import { setStaffSession } from '../src/session/staff';
import { defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';

const data: AdminSetupData = {
  role: 'owner',
  setup: {
    organization: { id: 1, name: 'Northside', waiver: null, household_discount: null },
    seasons: [],
    coach_licences: [],
    protection_plans: [],
  },
  discountCodes: [],
};
const offline = new ApiError({
  kind: 'network',
  message: 'Could not reach the server. Check your connection and try again.',
});
const gone = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });

beforeEach(() => {
  setStaffSession({
    token: 'staff-token',
    staff: { id: 1, name: 'Olivia Grant', email: 'o@example.com', organizations: [] },
  });
});

const model = defineModel({
  machine: adminSetupMachine,
  input: { organizationId: 1 },
  events: {
    RETRY: [{ type: 'RETRY' }],
    OPEN: [{ type: 'OPEN', target: { form: 'season', organizationId: 1 } }],
    CLOSE: [{ type: 'CLOSE' }],
    'xstate.done.actor.load': [doneEvent('load', data)],
    'xstate.error.actor.load': [errorEvent('load', offline), errorEvent('load', gone)],
    'xstate.done.actor.form': [doneEvent('form', { saved: true }), doneEvent('form', { sessionGone: true })],
  },
  context: ['error', 'saved'],
});

runPaths({ model, uiRun: undefined });
