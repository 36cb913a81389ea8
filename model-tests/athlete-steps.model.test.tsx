/**
 * The athlete steps on their own (athlete-steps.machine.ts), rendered alone: every way in (list with and without a
 * licence, the form), every answer and every exit. Login and register walk the same steps as their child.
 */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AthleteStepsView } from '../src/views/athletes/athlete-steps-view';
import { athleteStepsModel } from './athlete-steps.model.ts';
import { athleteStepsViews } from './athlete-steps.views.ts';
import { runPaths } from './harness/index.ts';

// The longest paths fill the create-athlete form twice through the views.
vi.setConfig({ testTimeout: 20_000 });

runPaths({
  model: athleteStepsModel,
  uiRun: { ...athleteStepsViews, render: ({ actor }) => render(<AthleteStepsView actorRef={actor} />) },
});
