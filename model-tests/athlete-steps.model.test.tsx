/**
 * The athlete steps on their own (athlete-steps.machine.ts), rendered alone: every way in (list with and without a
 * licence, the form), every answer and every exit. Login and register walk the same steps as their child.
 */
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NewAthleteFormValues } from '../src/domain/forms/create-athlete';
import { AthleteStepsView } from '../src/views/athletes/athlete-steps-view';
import { jamieForm } from './athlete-steps.fixtures.ts';
import { athleteStepsModel } from './athlete-steps.model.ts';
import { athleteQuestionsViews, athleteStepsViews } from './athlete-steps.views.ts';
import { isRefused, runPaths, snapshotAt } from './harness/index.ts';

// The longest paths fill the create-athlete form twice through the views.
vi.setConfig({ testTimeout: 20_000 });

runPaths({
  uiPaths: 'covering',
  model: athleteStepsModel,
  uiRun: {
    ...athleteStepsViews,
    // Issue 32 point 4: the questions step runs for real as the child `questions`.
    children: { questions: athleteQuestionsViews },
    render: ({ actor }) => render(<AthleteStepsView actorRef={actor} />),
  },
});

// Issue 13 point 4: the create-athlete schema (src/domain/forms/create-athlete.ts) guards CREATE_ATHLETE itself.
describe('athlete steps machine refuses an invalid create-athlete form', () => {
  const form = snapshotAt(athleteStepsModel, 'createAthlete.form.idle', { input: 'atTheForm' });
  const create = (change: Partial<NewAthleteFormValues>) => ({
    type: 'CREATE_ATHLETE' as const,
    values: { ...jamieForm, ...change },
  });

  it('takes the form as the driver fills it', () => {
    expect(form.can(create({}))).toBe(true);
  });

  it.each([
    ['no username', { username: ' ' }],
    ["'Other' without the typed relationship", { customRelationship: '' }],
    ['no confirm password', { confirmPassword: '' }],
    ['a phone of fewer than 10 digits', { phone: '555-123' }],
  ] satisfies [string, Partial<NewAthleteFormValues>][])('refuses %s', (_label, change) => {
    expect(isRefused(form, create(change))).toBe(true);
  });
});
