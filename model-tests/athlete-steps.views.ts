/**
 * What a person does and sees on the athlete steps (src/views/athletes/*): the driver and the screen checks, keyed
 * by athlete-steps.machine.ts's states. Its own model test renders them alone; login and register pass them as the
 * views of their child `athleteSteps` (UiRun.children).
 */
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { athleteStepsMachine } from '../src/machines/athlete-steps.machine';
import type { teamQuestionsMachine } from '../src/machines/team-questions.machine';
import { displayedName, expectButton } from './athlete-steps.fixtures.ts';
import type { Views } from './harness/index.ts';

/** Issue 32 point 4: the team's own questions as the athlete steps ask them (the questions step, loaded when reached). */
const jersey = () => screen.getByLabelText(/^Jersey size/);
export const athleteQuestionsViews: Views<typeof teamQuestionsMachine> = {
  name: 'athlete questions driver',
  driver: {
    CHANGE: async (event, { user }) => user.selectOptions(await screen.findByLabelText(/^Jersey size/), event.value),
    SUBMIT: async (_event, { user }) => user.click(await screen.findByRole('button', { name: 'Continue' })),
    BACK: async (_event, { user }) => user.click(await screen.findByRole('button', { name: 'Back' })),
    RETRY: async (_event, { user }) => user.click(await screen.findByRole('button', { name: 'Try again' })),
  },
  states: {
    // The step's heading (the page's h1 on this screen) names the team; focus moves to it when the step appears.
    loading: ({ snapshot }) => {
      const heading = screen.getByRole('heading', { level: 1, name: `${snapshot.context.teamName} asks` });
      expect(document.activeElement).toBe(heading);
      expect(screen.getByRole('status').textContent).toBe('Loading the questions…');
    },
    loadFailed: () => {
      expect(screen.getByRole('alert').textContent).toContain('Server error.');
      expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    },
    editing: ({ snapshot }) => {
      expect(screen.getByRole('heading', { level: 1, name: `${snapshot.context.teamName} asks` })).toBeTruthy();
      // Labelled controls, the answers on record pre-filled; 'Continue' (the athlete steps go on once saved).
      expect((jersey() as HTMLSelectElement).value).toBe(snapshot.context.answers['1']);
      expect((screen.getByLabelText('Allergies or medical notes (optional)') as HTMLInputElement).value).toBe(
        snapshot.context.answers['2'],
      );
      expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
      const message =
        snapshot.context.serverErrors['1'] ??
        (snapshot.context.showErrors && snapshot.context.answers['1'] === '' ? 'Answer this question.' : undefined);
      if (message !== undefined) {
        // The error is tied to its field and announced.
        const errorId = jersey().getAttribute('aria-describedby');
        expect(document.getElementById(errorId ?? '')?.textContent).toBe(message);
        expect(jersey().getAttribute('aria-invalid')).toBe('true');
        expect(screen.getAllByRole('alert')[0]?.textContent).toBe('Check the answers marked below.');
      }
    },
    saving: () => expect(screen.getByRole('status').textContent).toBe('Saving…'),
  },
};

/**
 * The steps' own views. Their own model test adds the questions step's (`athleteQuestionsViews`, the child `questions`);
 * the flows that run the steps with a team without questions (login, register, 'Add another athlete') never reach it.
 */
export const athleteStepsViews: Views<typeof athleteStepsMachine> = {
  name: 'athlete steps driver',
  driver: {
    CHOOSE_ATHLETE: async (event, { user }) =>
      user.click(screen.getByRole('radio', { name: displayedName[event.userId] ?? `athlete ${event.userId}` })),
    NEXT: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Next' })),
    ADD_ATHLETE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Add New Athlete' })),
    RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    BACK: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Back' })),
    // Issue 32: a date input takes its value whole (typed key by key, each partial date would be no date).
    BIRTH_DATE: async (event, { user }) => {
      fireEvent.change(await screen.findByLabelText('Date of birth'), { target: { value: event.date } });
      await user.click(screen.getByRole('button', { name: 'Continue' }));
    },
    CREATE_ATHLETE: async (event, { user }) => {
      const { values } = event;
      // Pasted rather than typed key by key to keep long paths fast; the phone is typed so its mask runs per key.
      const fill = async (label: string, text: string) => {
        const field = screen.getByLabelText(label);
        await user.clear(field);
        await user.click(field);
        await user.paste(text);
      };
      await fill('Athlete First Name', values.firstName);
      await fill('Athlete Last Name', values.lastName);
      await user.selectOptions(screen.getByLabelText('Relationship'), values.relationship);
      // Entered in lower case: the form title-cases the custom relationship (§5).
      await fill('Type Relationship Here', values.customRelationship);
      await fill('Username', values.username);
      await fill('Password', values.password);
      await fill('Confirm Password', values.confirmPassword);
      const phone = screen.getByLabelText('Phone (optional)');
      await user.clear(phone);
      // Digits only: the field applies the 000-000-0000 mask (§5); Enter submits.
      await user.type(phone, `${values.phone.replace(/\D/g, '')}{Enter}`);
    },
  },
  states: {
    athleteList: ({ snapshot }) => {
      expect(screen.getByRole('heading', { name: 'Choose an Athlete' })).toBeTruthy();
      expectButton('Add New Athlete', true);
      expectButton('Back', true);
      expectButton('Next', snapshot.matches({ athleteList: 'choosing' }) && snapshot.context.chosenAthlete !== null);
    },
    'athleteList.choosing': ({ snapshot }) => {
      // §2: season and team names of the licence (recorded as the latest licence first).
      // (12U Tigers, Spring 2027; the add flow's other team: 14U Storm, Fall 2026.)
      const recorded = snapshot.context.latestLicence;
      if (recorded !== null) {
        expect(screen.getByText('Season').nextElementSibling?.textContent).toBe(recorded.season_name);
        expect(screen.getByText('Team').nextElementSibling?.textContent).toBe(recorded.team_name);
      } else {
        expect(screen.queryByText('Season')).toBeNull();
      }
      // §5: names title-cased.
      const names = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
      expect(names).toEqual(snapshot.context.athletes.map((athlete) => displayedName[athlete.user_id]));
    },
    'athleteList.choosing.idle': () => expect(screen.queryByRole('alert')).toBeNull(),
    'athleteList.choosing.alreadyMember': () => {
      expect(screen.getByRole('alert').textContent).toBe(
        'Sorry, this athlete already has a membership for the season.',
      );
      // §4: the choice is blocked.
      expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
      expectButton('Next', false);
    },
    'athleteList.choosing.claimFailed': () =>
      expect(screen.getByRole('alert').textContent).toBe('Sorry, this license is not available.'),
    'athleteList.loadFailed': () => {
      expect(screen.getByRole('alert').textContent).toContain('Server error.');
      expectButton('Try again', true);
    },
    // The list stays up, busy, while the chosen or created athlete is checked (§4).
    checkingMembership: () => {
      expect(screen.getByRole('heading', { name: 'Choose an Athlete' })).toBeTruthy();
      expectButton('Next', false);
    },
    // Issue 32 point 4: the list stays up, busy, while the questions step's code loads; a failed load says so.
    'askingQuestions.loadingCode': () => {
      expect(screen.getByRole('heading', { name: 'Choose an Athlete' })).toBeTruthy();
      expectButton('Next', false);
    },
    'askingQuestions.codeFailed': () => {
      expect(screen.getByRole('alert').textContent).toContain('Server error.');
      expectButton('Try again', true);
      expectButton('Back', true);
    },
    // Issue 32: the list stays up, busy, while the chosen athlete's eligibility is read.
    'checkingEligibility.loading': () => {
      expect(screen.getByRole('heading', { name: 'Choose an Athlete' })).toBeTruthy();
      expectButton('Next', false);
    },
    'checkingEligibility.failed': () => {
      expect(screen.getByRole('alert').textContent).toContain('Server error.');
      expectButton('Try again', true);
    },
    'checkingEligibility.askingBirthDate': ({ snapshot }) => {
      expect(screen.getByRole('heading', { name: 'Date of birth' })).toBeTruthy();
      const athlete = displayedName[snapshot.context.chosenAthlete?.user_id ?? 0];
      expect(
        screen.getByText(
          `12U Sharks has an age rule. Enter ${athlete}’s date of birth; it is kept with the athlete and asked only once.`,
        ),
      ).toBeTruthy();
      expect(screen.getByLabelText('Date of birth')).toBeTruthy();
      expectButton('Back', true);
    },
    'checkingEligibility.askingBirthDate.idle': () => expect(screen.queryByRole('alert')).toBeNull(),
    'checkingEligibility.askingBirthDate.failed': () =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Enter the athlete’s real date of birth (not a date in the future).',
      ),
    'checkingEligibility.savingBirthDate': () => {
      expect(screen.getByRole('heading', { name: 'Date of birth' })).toBeTruthy();
      expectButton('Continue', false);
    },
    'athleteList.choosing.notEligible': ({ snapshot }) => {
      expect(screen.getByRole('alert').textContent).toBe(
        `${snapshot.context.refusal?.athlete} is not eligible for 12U Sharks: players must be born between September 1, 2014 and August 31, 2016.`,
      );
      // The refused athlete is not chosen any more.
      expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
      expectButton('Next', false);
    },
    createAthlete: () => {
      expect(screen.getByRole('heading', { name: 'Add New Athlete' })).toBeTruthy();
      expect(screen.getByText('Must contain 7 characters long.')).toBeTruthy();
      expectButton('Back', true);
    },
    'createAthlete.form.idle': () => {
      // §2: Mother is the default relationship and 'Other' is not chosen; 'Create Account' waits for §5.
      expect((screen.getByLabelText('Relationship') as HTMLSelectElement).value).toBe('Mother');
      expect(screen.queryByLabelText('Type Relationship Here')).toBeNull();
      expectButton('Create Account', false);
    },
    'createAthlete.form.failed': () => {
      expect(screen.getByRole('alert').textContent).toBe('The username has already been taken.');
      expect((screen.getByLabelText('Phone (optional)') as HTMLInputElement).value).toBe('555-123-4567');
      expectButton('Create Account', true);
    },
  },
};
