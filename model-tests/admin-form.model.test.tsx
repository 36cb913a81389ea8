import { ApiError } from '../src/api/errors';
import { CODE_TAKEN } from '../src/domain/forms/admin-licence';
import { adminFormMachine } from '../src/machines/admin-form.machine';
import { defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';

const refused = new ApiError({
  kind: 'http',
  status: 422,
  message: CODE_TAKEN,
  messages: { code: [CODE_TAKEN] },
});
const gone = new ApiError({ kind: 'http', status: 401, message: 'Unauthenticated.' });

const model = defineModel({
  machine: adminFormMachine,
  input: { target: { form: 'licence', teamId: 9 } },
  events: {
    SUBMIT: [
      { type: 'SUBMIT', values: { code: 'COMETS-2027', seats: '10' } },
      { type: 'SUBMIT', values: { code: 'x', seats: '' } },
    ],
    EDIT: [{ type: 'EDIT' }],
    'xstate.done.actor.submit': [doneEvent('submit', { code: 'COMETS-2027' })],
    'xstate.error.actor.submit': [errorEvent('submit', refused), errorEvent('submit', gone)],
  },
  context: ['error', 'fieldErrors', 'sessionGone'],
});

runPaths({ model, uiRun: undefined });
