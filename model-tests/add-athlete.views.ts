/**
 * What a person does and sees on the add flow's choice of team (src/views/payment/household-add-athlete.tsx), keyed
 * by add-athlete.machine.ts's states; the athlete steps' own views are its child's. The payment flow and the family
 * checkout pass these as the views of their child `athleteSteps`.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { addAthleteMachine } from '../src/machines/add-athlete.machine';
import { athleteStepsViews } from './athlete-steps.views.ts';
import type { Views } from './harness/index.ts';

const CODE_FIELD = "Another team's license code";
const PAGE_TEAM_NOTE = "this registration's team";
const OTHER_TEAM_NOTE = "another team's license";

/** The refusals the machine holds as catalogue keys (add-athlete.rules.ts), as a person reads them. */
const REFUSALS: Readonly<Record<string, string>> = {
  'payment.teamCoach': "This is a coach license: enter the code of a team's registration link.",
  'payment.teamOtherClub': 'This team belongs to another club: register with its own link.',
  'payment.teamPaused': 'Registration has been paused by the organization.',
  'payment.licenceNotAvailable': 'Sorry, this license is not available.',
};

export const addAthleteViews: Views<typeof addAthleteMachine> = {
  name: 'add athlete driver',
  driver: {
    OTHER_TEAM: async (_event, { user }) =>
      user.click(screen.getByRole('button', { name: "Use another team's license code" })),
    TEAM_CODE: async (event, { user }) => {
      const field = screen.getByLabelText(CODE_FIELD);
      await user.clear(field);
      await user.type(field, `${event.code}{Enter}`);
    },
    CANCEL_TEAM: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Cancel' })),
    PAGE_TEAM: async (_event, { user }) =>
      user.click(screen.getByRole('button', { name: "Use this registration's team (12U Tigers)" })),
  },
  states: {
    steps: ({ snapshot }) => {
      const note = snapshot.context.license === snapshot.context.pageLicence ? PAGE_TEAM_NOTE : OTHER_TEAM_NOTE;
      expect(screen.getByText(`(${note})`)).toBeTruthy();
      expect(screen.queryByLabelText(CODE_FIELD)).toBeNull();
      const back = screen.queryByRole('button', { name: /Use this registration's team/ });
      expect(back !== null).toBe(snapshot.can({ type: 'PAGE_TEAM' }));
      const other = screen.queryByRole('button', { name: "Use another team's license code" });
      expect(other !== null).toBe(snapshot.can({ type: 'OTHER_TEAM' }));
    },
    // Its own step: the athlete steps are stopped meanwhile.
    enteringCode: () => expect(screen.queryByRole('heading', { name: 'Choose an Athlete' })).toBeNull(),
    'enteringCode.idle': () => {
      // Entered from the team line: the new step's heading has the focus.
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Another Team' }));
      expect(screen.getByLabelText(CODE_FIELD).getAttribute('aria-invalid')).toBeNull();
    },
    'enteringCode.refused': ({ snapshot }) => {
      const field = screen.getByLabelText(CODE_FIELD);
      const alert = screen.getByRole('alert');
      // A refusal of the rules (a catalogue key), or the server's text as it came (an unknown code).
      const refusal = snapshot.context.teamError;
      expect(alert.textContent).toBe(typeof refusal === 'string' ? refusal : REFUSALS[refusal?.key ?? '']);
      // The refusal is tied to the field.
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    },
  },
  children: { athleteSteps: athleteStepsViews },
};
