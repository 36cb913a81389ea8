import { ApiError } from '../src/api/errors';
import { CODE_TAKEN } from '../src/domain/forms/admin-licence';
import { t } from '../src/i18n/runtime';
import { adminFormMachine } from '../src/machines/admin-form.machine';
import { defineModel, doneEvent, errorEvent, runPaths } from './harness/index.ts';

// The server answers the form's text in English (the shared schema's key, rendered).
const refused = new ApiError({
  kind: 'http',
  status: 422,
  message: t(CODE_TAKEN),
  messages: { code: [t(CODE_TAKEN)] },
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
