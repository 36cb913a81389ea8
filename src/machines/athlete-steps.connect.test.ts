import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Athlete, LatestLicense } from '../api/schemas';
import type { MembershipAnswers } from '../api/team-questions';
import { latestLicense, athlete as wireAthlete } from '../api/wire-samples';
import { athleteListView, athleteStepsScreen, questionsActorOf } from './athlete-steps.connect';
import { athleteStepsMachine } from './athlete-steps.machine';
import { type AnswersHome, teamQuestionsMachine } from './team-questions.machine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const athletes: Athlete[] = [{ ...wireAthlete, user_id: 11, name: '  sam   rivera ' }];

function start(license: string | null) {
  const machine = athleteStepsMachine.provide({
    actors: {
      loadAthletes: fromPromise(async () => athletes),
      recordLatestLicence: fromPromise<LatestLicense, { licenseCode: string }>(async () => latestLicense),
    },
  });
  return createActor(machine, { input: { license, opensAt: 'athleteList' } }).start();
}

describe('athleteListView', () => {
  it('is busy and shows no list while loading', () => {
    const view = athleteListView(start(null).getSnapshot());
    expect(view).toMatchObject({ status: 'loading', busy: true, showsAthletes: false, season: null, team: null });
  });

  it('shows the athletes with §5 display names, the same rows for every snapshot of one list', async () => {
    const actor = start(null);
    await settle();
    const view = athleteListView(actor.getSnapshot());
    expect(view).toMatchObject({ status: 'choosing', busy: false, showsAthletes: true, canNext: false });
    expect(view.athletes).toEqual([{ userId: 11, name: 'Sam Rivera' }]);
    actor.send({ type: 'CHOOSE_ATHLETE', userId: 11 });
    const chosen = athleteListView(actor.getSnapshot());
    expect(chosen.athletes).toBe(view.athletes);
    expect(chosen).toMatchObject({ chosenAthleteId: 11, canNext: true });
  });

  it("names the latest licence's season and team", async () => {
    const actor = start('TIGERS-2027');
    await settle();
    await settle();
    expect(athleteListView(actor.getSnapshot())).toMatchObject({
      season: latestLicense.season_name,
      team: latestLicense.team_name,
    });
  });
});

// Issue 32 point 4: a team that asks its own questions (the latest licence's `has_questions`).
describe('the questions screen', () => {
  const asking: LatestLicense = { ...latestLicense, license_code: 'SHARKS-2027', has_questions: true };
  const questions = [{ id: 1, kind: 'choice' as const, prompt: 'Jersey size', options: ['YS', 'YM'], required: true }];

  function startAsking(code: () => Promise<void>) {
    const machine = athleteStepsMachine.provide({
      actors: {
        loadAthletes: fromPromise(async () => athletes),
        recordLatestLicence: fromPromise<LatestLicense, { licenseCode: string }>(async () => asking),
        questionsCode: fromPromise<void>(code),
        questions: teamQuestionsMachine.provide({
          actors: {
            loadAnswers: fromPromise<MembershipAnswers, AnswersHome>(async () => ({
              questions,
              answers: { 1: 'YM' },
              changeable: true,
            })),
          },
        }),
      },
    });
    return createActor(machine, { input: { license: 'SHARKS-2027', opensAt: 'athleteList' } }).start();
  }

  async function chooseAndNext(actor: ReturnType<typeof startAsking>) {
    await settle();
    await settle();
    actor.send({ type: 'CHOOSE_ATHLETE', userId: 11 });
    actor.send({ type: 'NEXT' });
  }

  it('keeps the list up, busy, while the step loads, then shows the step with its own actor', async () => {
    let loaded: () => void = () => {};
    const actor = startAsking(() => new Promise<void>((resolve) => (loaded = resolve)));
    await chooseAndNext(actor);
    expect(athleteStepsScreen(actor.getSnapshot())).toBe('athleteList');
    expect(athleteListView(actor.getSnapshot())).toMatchObject({ status: 'checking', busy: true, canNext: false });
    expect(questionsActorOf(actor.getSnapshot())).toBeUndefined();
    loaded();
    await settle();
    expect(athleteStepsScreen(actor.getSnapshot())).toBe('questions');
    const step = questionsActorOf(actor.getSnapshot());
    expect(step?.getSnapshot().context).toMatchObject({
      athleteName: 'Sam Rivera',
      teamName: latestLicense.team_name,
      membershipId: null,
      athlete: { athleteId: 11, licenseCode: 'SHARKS-2027' },
    });
    await settle();
    // The answers on record are pre-filled.
    expect(questionsActorOf(actor.getSnapshot())?.getSnapshot().context.answers).toEqual({ 1: 'YM' });
  });

  it('a step that did not load is a failed list with Try again and Back', async () => {
    const actor = startAsking(() => Promise.reject(new Error('offline')));
    await chooseAndNext(actor);
    await settle();
    expect(athleteStepsScreen(actor.getSnapshot())).toBe('athleteList');
    expect(athleteListView(actor.getSnapshot())).toMatchObject({
      status: 'loadFailed',
      canRetry: true,
      canBack: true,
    });
    expect(questionsActorOf(actor.getSnapshot())).toBeUndefined();
  });

  it('a team without questions goes from Next to the membership check, with no step', async () => {
    const actor = start('TIGERS-2027');
    await settle();
    await settle();
    actor.send({ type: 'CHOOSE_ATHLETE', userId: 11 });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches('checkingMembership')).toBe(true);
    expect(athleteStepsScreen(actor.getSnapshot())).toBe('athleteList');
  });
});
