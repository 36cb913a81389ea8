import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { assistanceRequestMachine } from '../src/machines/assistance-request.machine';
import { AssistanceRequestView } from '../src/views/payment/assistance-request-view';
import { assistanceInputFixture, assistanceRequestModel } from './assistance-request.model.ts';
import { assistanceRequestViews } from './assistance-request.views.ts';
import { runPaths } from './harness/index.ts';

runPaths({
  model: assistanceRequestModel,
  uiRun: {
    ...assistanceRequestViews,
    render: ({ actor }) => render(<AssistanceRequestView actorRef={actor} />),
  },
});

// Issue 34 point 1: 'Send request' without a share or a reason is refused by the form (its errors tied to the fields)
// and by the machine itself.
it('refuses a request without a share or a reason', async () => {
  const actor = createActor(assistanceRequestMachine, { input: assistanceInputFixture }).start();
  render(<AssistanceRequestView actorRef={actor} />);
  await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
  expect(actor.getSnapshot().value).toEqual({ editing: 'idle' });
  const shareError = await screen.findByText('Choose how much of the dues you are asking for.');
  expect(
    screen.getByRole('group', { name: 'Share of the dues you are asking for' }).getAttribute('aria-describedby'),
  ).toBe(shareError.id);
  const reasonError = screen.getByText('Tell the club briefly why you are asking.');
  expect(screen.getByLabelText('Reason').getAttribute('aria-describedby')).toContain(reasonError.id);
  actor.send({ type: 'SEND', values: { share_percent: '', free_or_reduced_meals: '', reason: '' } });
  expect(actor.getSnapshot().value).toEqual({ editing: 'idle' });
  actor.stop();
});
