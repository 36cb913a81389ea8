import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { z } from 'zod/mini';
import {
  contextShape,
  declareProgress,
  type ResumePoint,
  savedSnapshot,
  snapshotReader,
  topState,
} from './progress-declaration';

/** A stand-in flow whose context once named its plan `month` and now names it `planMonth`. */
interface Context {
  license: string;
  planMonth: number | null;
}
const machine = setup({ types: { context: {} as Context } }).createMachine({
  id: 'payment',
  context: { license: 'TIGERS-2027', planMonth: 3 },
  initial: 'choosingPlan',
  states: { loading: {}, choosingPlan: {}, checkout: { initial: 'ready', states: { ready: {} } } },
});

interface Point extends ResumePoint<'payment', 'choosingPlan' | 'checkout'> {
  planMonth: number | null;
}

const context = contextShape<Context>()({ license: z.string(), planMonth: z.nullable(z.number()) });
/** The older shape: `month` (read back, so a registration saved before the rename still resumes). */
const older = z.object({ value: z.string(), context: z.object({ license: z.string(), month: z.number() }) });

const progress = declareProgress<Point, { month: number | null }>()({
  flow: 'payment',
  versionOf: [machine],
  savedAt: { choosingPlan: 'choosingPlan', checkout: 'checkout' },
  context,
  saved: savedSnapshot(context, {}),
  point: ({ context }, step) => ({
    flow: 'payment',
    license: context.license,
    step,
    athleteId: null,
    planMonth: context.planMonth,
  }),
  older: [
    snapshotReader(older, ({ value, context }) => {
      const step = topState(value);
      return step === 'choosingPlan' || step === 'checkout'
        ? { flow: 'payment', license: context.license, step, athleteId: null, planMonth: context.month }
        : null;
    }),
  ],
  steps: ['choosingPlan', 'checkout'],
  inputOf: (point) => ({ month: point.planMonth }),
});

describe('a flow’s declaration of what it saves (issue 30 point 3)', () => {
  it('reads the current shape, at the steps it names only', () => {
    const point = { flow: 'payment', license: 'TIGERS-2027', step: 'checkout', athleteId: null, planMonth: 3 };
    expect(
      progress.pointOf({ value: { checkout: 'ready' }, context: { license: 'TIGERS-2027', planMonth: 3 } }),
    ).toEqual(point);
    expect(progress.pointOf({ value: 'loading', context: { license: 'TIGERS-2027', planMonth: 3 } })).toBeNull();
    expect(progress.inputOf({ ...point, step: 'checkout', flow: 'payment' })).toEqual({ month: 3 });
  });

  it('reads an older shape back through its own reader, and nothing it does not know', () => {
    expect(progress.pointOf({ value: 'choosingPlan', context: { license: 'TIGERS-2027', month: 6 } })).toMatchObject({
      step: 'choosingPlan',
      planMonth: 6,
    });
    expect(progress.pointOf({ value: 'choosingPlan', context: { license: 'TIGERS-2027', plan: 6 } })).toBeNull();
    expect(progress.pointOf(null)).toBeNull();
  });

  it('lists the context fields read back, and is never complete unless it says so', () => {
    expect(progress.contextFields).toEqual(['license', 'planMonth']);
    expect(progress.savedStates).toEqual(['choosingPlan', 'checkout']);
    expect(progress.completed({ status: 'done', value: 'checkout' })).toBe(false);
  });

  it('ties the declared fields to the context type, and the saved states to the machine', () => {
    // A field the context no longer has, or whose value no longer fits, is a type error (checked by tsc).
    const renamed = contextShape<Context>()({
      license: z.string(),
      // @ts-expect-error `month` is not a field of the machine's context
      month: z.number(),
    });
    const changed = contextShape<Context>()({
      // @ts-expect-error the context's `planMonth` may be null, which this schema refuses
      planMonth: z.number(),
    });
    declareProgress<Point, null>()({
      flow: 'payment',
      versionOf: [machine],
      // @ts-expect-error `paying` is not a state of the machine
      savedAt: { paying: 'checkout' },
      context,
      saved: savedSnapshot(context, {}),
      point: () => null,
      steps: [],
      inputOf: () => null,
    });
    expect(Object.keys(renamed)).toEqual(['license', 'month']);
    expect(Object.keys(changed)).toEqual(['planMonth']);
  });
});
