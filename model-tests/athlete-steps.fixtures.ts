/**
 * What the login and register models share about the athlete steps (athlete list, create athlete, membership
 * check): stub API answers shaped like docs/fixtures.md, the events' variants, the driver's steps and the screen
 * checks. Both machines give these steps the same state names and events, so one description serves both.
 */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { ApiError } from '../src/api/errors';
import type { Athlete, AthleteAccountPayload, CurrentUser, LatestLicense } from '../src/api/schemas';
import type { AthleteMembershipOutput, AthleteStepEvent } from '../src/machines/athlete-membership.machine';
import type { AthleteStepsSnapshot } from '../src/views/athletes/athlete-steps';
import { doneEvent, errorEvent } from './harness/index.ts';

export const guardian: CurrentUser = {
  id: 10,
  name: 'Pat Rivera',
  email: 'parent@example.com',
  phone: '5555550100',
  username: null,
  token: 'guardian-token',
  is_new: false,
  is_coach: false,
  has_subscription: false,
  player: null,
  license: null,
  subscription: null,
  deeplink: null,
};

export const tigers: LatestLicense = {
  license_code: 'TIGERS-2027',
  season_name: 'Spring 2027',
  team_name: '12U Tigers',
  organization_id: 1,
};

// Lower and upper case on purpose: the list shows names title-cased (§5).
export const sam: Athlete = { user_id: 11, name: 'sam rivera', token: 'athlete-11', relationship: 'Mother' };
export const alex: Athlete = { user_id: 12, name: 'ALEX RIVERA', token: 'athlete-12', relationship: 'Father' };
export const jamie: Athlete = { user_id: 13, name: 'Jamie Rivera', token: 'athlete-13', relationship: 'Step-Mother' };
const displayedName: Record<number, string> = { 11: 'Sam Rivera', 12: 'Alex Rivera', 13: 'Jamie Rivera' };

/** What the create-athlete form must send for what the driver enters (the custom relationship title-cased). */
export const jamiePayload: AthleteAccountPayload = {
  name: 'Jamie Rivera',
  username: 'jamie.rivera',
  password: 'Secret123!',
  password_confirmation: 'Secret123!',
  relationship: 'Step-Mother',
  phone: '5551234567',
};

export const serverDown = new ApiError({ kind: 'http', status: 500, message: 'Server error.' });
const usernameTaken = new ApiError({
  kind: 'http',
  status: 422,
  message: 'The given data was invalid.',
  messages: { username: ['The username has already been taken.'] },
});

const claimFailed: AthleteMembershipOutput = {
  result: 'claimFailed',
  message: 'Sorry, this license is not available.',
};

interface ChoosingSnapshot {
  context: { athletes: readonly Athlete[]; chosenAthlete: Athlete | null };
}

/** Event variants of the athlete steps (spread into a model's `events`). */
export const athleteStepEvents = {
  // A person can only choose a listed athlete that is not chosen already (a checked radio sends nothing).
  CHOOSE_ATHLETE: (snapshot: ChoosingSnapshot) => {
    const other = snapshot.context.athletes.find(
      (athlete) => athlete.user_id !== snapshot.context.chosenAthlete?.user_id,
    );
    return other ? [{ type: 'CHOOSE_ATHLETE' as const, userId: other.user_id }] : [];
  },
  CREATE_ATHLETE: [{ type: 'CREATE_ATHLETE' as const, athlete: jamiePayload }],
  'xstate.done.actor.latestLicence': [doneEvent('latestLicence', tigers)],
  'xstate.error.actor.latestLicence': [errorEvent('latestLicence', serverDown)],
  'xstate.done.actor.athletes': [doneEvent('athletes', [sam, alex])],
  'xstate.error.actor.athletes': [errorEvent('athletes', serverDown)],
  'xstate.done.actor.registerAthlete': [doneEvent('registerAthlete', jamie)],
  'xstate.error.actor.registerAthlete': [errorEvent('registerAthlete', usernameTaken)],
  'xstate.done.actor.membership': [
    doneEvent('membership', { result: 'continue' }),
    doneEvent('membership', { result: 'alreadyMember' }),
    doneEvent('membership', claimFailed),
  ],
};

/**
 * Graph identity for the athlete steps: the chosen athlete decides 'Next' only on the athlete list, and the
 * pending membership outcome decides which list state follows loading. Elsewhere they would multiply states
 * without changing what the wizard can do.
 */
export function athleteStepKeys(snapshot: AthleteStepsSnapshot & { context: { membershipOutcome: unknown } }) {
  return {
    chosenAthlete: snapshot.matches({ athleteList: 'choosing' })
      ? (snapshot.context.chosenAthlete?.user_id ?? null)
      : undefined,
    membershipOutcome: snapshot.context.membershipOutcome ?? null,
  };
}

type Tools = { user: UserEvent };
type Step<K extends AthleteStepEvent['type']> = (
  event: Extract<AthleteStepEvent, { type: K }>,
  tools: Tools,
) => Promise<void>;

/** What a person does on the athlete steps (spread into a driver). */
export const athleteStepDriver: { [K in Exclude<AthleteStepEvent['type'], 'BACK'>]: Step<K> } = {
  CHOOSE_ATHLETE: async (event, { user }) =>
    user.click(screen.getByRole('radio', { name: displayedName[event.userId] ?? `athlete ${event.userId}` })),
  NEXT: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Next' })),
  ADD_ATHLETE: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Add New Athlete' })),
  RETRY: async (_event, { user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
  CREATE_ATHLETE: async (event, { user }) => {
    const [first = '', last = ''] = event.athlete.name.split(' ');
    // Pasted rather than typed key by key to keep long paths fast; the phone is typed so its mask runs per key.
    const fill = async (label: string, text: string) => {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };
    await fill('Athlete First Name', first);
    await fill('Athlete Last Name', last);
    await user.selectOptions(screen.getByLabelText('Relationship'), 'Other');
    // Entered in lower case: the form title-cases the custom relationship (§5).
    await fill('Type Relationship Here', event.athlete.relationship.toLowerCase());
    await fill('Username', event.athlete.username);
    await fill('Password', event.athlete.password);
    await fill('Confirm Password', event.athlete.password_confirmation);
    const phone = screen.getByLabelText('Phone (optional)');
    await user.clear(phone);
    // Digits only: the field applies the 000-000-0000 mask (§5); Enter submits.
    await user.type(phone, `${event.athlete.phone ?? ''}{Enter}`);
  },
};

export function expectButton(name: string, enabled: boolean) {
  const button = screen.getByRole('button', { name }) as HTMLButtonElement;
  expect(button.disabled, `'${name}' enabled`).toBe(!enabled);
}

type Screen = (tools: { snapshot: AthleteStepsSnapshot }) => void;

/** What a person sees on the athlete steps, keyed by the state paths both machines use. */
export const athleteStepScreens: Record<string, Screen> = {
  athleteList: ({ snapshot }) => {
    expect(screen.getByRole('heading', { name: 'Choose an Athlete' })).toBeTruthy();
    expectButton('Add New Athlete', true);
    expectButton('Back', true);
    expectButton('Next', snapshot.matches({ athleteList: 'choosing' }) && snapshot.context.chosenAthlete !== null);
  },
  'athleteList.choosing': ({ snapshot }) => {
    // §2: season and team names of the licence (recorded as the latest licence first).
    if (snapshot.context.latestLicence !== null) {
      expect(screen.getByText('Season').nextElementSibling?.textContent).toBe('Spring 2027');
      expect(screen.getByText('Team').nextElementSibling?.textContent).toBe('12U Tigers');
    } else {
      expect(screen.queryByText('Season')).toBeNull();
    }
    // §5: names title-cased.
    const names = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(names).toEqual(snapshot.context.athletes.map((athlete) => displayedName[athlete.user_id]));
  },
  'athleteList.choosing.idle': () => expect(screen.queryByRole('alert')).toBeNull(),
  'athleteList.choosing.alreadyMember': () => {
    expect(screen.getByRole('alert').textContent).toBe('Sorry, this athlete already has a membership for the season.');
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
};

/** The machine-side checks of the athlete steps (calls the machine made). */
export const athleteStepChecks = {
  'athleteList.recordingLicence': (
    _snapshot: unknown,
    { invocations }: { invocations: readonly { id: string; input: unknown }[] },
  ) => expect(invocations.at(-1)).toMatchObject({ id: 'latestLicence', input: { licenseCode: 'TIGERS-2027' } }),
  'createAthlete.creating': (
    _snapshot: unknown,
    { invocations }: { invocations: readonly { id: string; input: unknown }[] },
  ) => expect(invocations.at(-1)).toMatchObject({ id: 'registerAthlete', input: jamiePayload }),
  checkingMembership: (
    snapshot: { context: { chosenAthlete: Athlete | null; license: string | null } },
    { invocations }: { invocations: readonly { id: string; src: string; input: unknown }[] },
  ) =>
    expect(invocations.at(-1)).toMatchObject({
      id: 'membership',
      src: 'athleteMembership',
      input: { athlete: snapshot.context.chosenAthlete, license: snapshot.context.license },
    }),
};
