/**
 * What the two parents of the athlete steps (login.machine.ts steps 3/4, register.machine.ts steps 2/3) share: the
 * guards they name in setup() and how each follows the child's screen into its own wizard step (mirrored into the
 * URL). Each parent keeps its own step numbers, the `rememberAthleteStep` and `syncStep` actions, and its exits.
 */
import { type AnyStateMachine, fromPromise, type SnapshotFrom } from 'xstate';
import type { CurrentUser } from '../api/schemas';
import type { AthleteStep, AthleteStepsOutput, athleteStepsMachine } from './athlete-steps.machine';
import type { Provided } from './payment.children';

/** What both wizards take besides their own query (src/routes/login.route.ts, register.route.ts). */
export interface AthleteParentInput {
  /** The team licence being registered for (the query's `license`), if any. */
  license?: string | undefined;
  /** Issue 21 point 3: 'Join the waitlist' on the licence page: once logged in or registered, /waitlist. */
  waitlist?: boolean | undefined;
  /** The user stored on this device when the page opened (src/session), or null. */
  user: CurrentUser | null;
  /** Issue 21: the athlete a resumed registration had chosen (src/session/progress.ts), or null. */
  athleteId?: number | null;
}

/** What both wizards keep for the athlete steps and their exits (`Exit`: where the wizard leads when it ends). */
export interface AthleteParentContext<Exit> {
  license: string | null;
  /** Issue 21 point 3: joining the licence's waitlist instead of the athlete steps. */
  waitlist: boolean;
  /** The athlete step the wizard opens at, then the one it is at (mirrored from the athlete steps into the URL). */
  athleteStep: AthleteStep;
  /** Issue 21: a resumed registration's athlete, chosen again on the athlete list. */
  resumedAthleteId: number | null;
  /** The §8 text of the error state the wizard is in, if any. */
  error: string | null;
  /** Where the flow ends, put here by its final state (read by the root `output`, no cast of the done event). */
  exit: Exit | null;
}

/**
 * How the context of a parent of the athlete steps (login, register) starts: the child opens at the list unless a
 * deep link asks for 'createAthlete' (with the resumed registration's athlete, if any), no error is shown and no exit
 * is recorded yet.
 */
export function athleteParentStart(input: AthleteParentInput) {
  return {
    license: input.license ?? null,
    waitlist: input.waitlist === true,
    resumedAthleteId: input.athleteId ?? null,
    athleteStep: 'athleteList',
    error: null,
    exit: null,
  } as const;
}

/**
 * The loading of the athlete steps' code, the first two states of each parent's `athleteSteps` (then `running`).
 * Each parent spreads them and adds its own descriptions, in its machine module, which the pages' build leaves out
 * (scripts/machine-descriptions.ts).
 */
export const ATHLETE_STEPS_CODE = {
  loading: {
    tags: 'busy',
    invoke: {
      id: 'athleteStepsCode',
      src: 'athleteStepsCode',
      onDone: { target: 'running' },
      onError: { target: 'failed' },
    },
  },
  failed: { on: { RETRY: { target: 'loading' } } },
} as const;

/** The athlete steps' input: the licence, the screen to open at and a resumed registration's athlete. */
export function athleteStepsInput({ context }: { context: AthleteParentContext<unknown> }) {
  return { license: context.license, opensAt: context.athleteStep, chosenAthleteId: context.resumedAthleteId };
}

/**
 * The athlete steps as a parent's setup() names them: their code loads only when the wizard reaches them (after the
 * login, after the account; src/machines/athlete-steps.lazy.ts), so neither wizard imports the child machine. The
 * page gives both actors (`athleteStepsCode`, the load; `athleteSteps`, the child); without them the loading state
 * fails with the child's name. The model tests provide the real machine.
 */
export const ATHLETE_STEPS_NOT_PROVIDED = {
  athleteStepsCode: fromPromise<void>(() => Promise.reject(new Error('This page does not provide the athlete steps.'))),
  athleteSteps: notProvided<typeof athleteStepsMachine>('the athlete steps'),
};

function notProvided<TMachine extends AnyStateMachine>(name: string): Provided<TMachine> {
  return {
    getInitialSnapshot: () => {
      throw new Error(`This page does not provide ${name}.`);
    },
    transition: (snapshot: SnapshotFrom<TMachine>) => snapshot,
    getPersistedSnapshot: (snapshot: SnapshotFrom<TMachine>) => snapshot,
  };
}

/** The child now shows another screen than the one the parent remembers. */
export function isOtherAthleteStep(
  { context }: { context: { athleteStep: AthleteStep } },
  params: { step: AthleteStep },
): boolean {
  return params.step !== context.athleteStep;
}

/** The child ended with Back on its list. */
export function wentBack(_: unknown, params: AthleteStepsOutput): boolean {
  return params.exit === 'back';
}

/** The child's snapshot, as the transition below reads it. */
type ChildSnapshot = { event: { snapshot: { context: { step: AthleteStep } } } };

/**
 * The child each parent invokes in its `athleteSteps.running` state, with that input (register's always has a licence
 * there: routing sent the others to /contact-coach). Each parent adds where its steps lead when the child is done.
 */
export const ATHLETE_STEPS_CHILD = { id: 'athleteSteps', src: 'athleteSteps', input: athleteStepsInput } as const;

/** The guard of the child's done event that went back from the athlete list (the parent goes one step back). */
export const WENT_BACK = {
  type: 'wentBack',
  params: ({ event }: { event: { output: AthleteStepsOutput } }) => event.output,
} as const;

/**
 * The `onSnapshot` of the parent's athleteSteps invoke: on another screen, remember it and mirror the parent's step
 * number for it (`stepOf`) into the URL. The parent adds its description (in its machine module, so the pages' build
 * leaves it out: scripts/machine-descriptions.ts).
 */
export function followAthleteStep<const Step extends number>(stepOf: Readonly<Record<AthleteStep, Step>>) {
  return {
    guard: {
      type: 'isOtherAthleteStep',
      params: ({ event }: ChildSnapshot) => ({ step: event.snapshot.context.step }),
    },
    actions: [
      { type: 'rememberAthleteStep', params: ({ event }: ChildSnapshot) => ({ step: event.snapshot.context.step }) },
      { type: 'syncStep', params: ({ event }: ChildSnapshot) => ({ step: stepOf[event.snapshot.context.step] }) },
    ],
  } as const;
}

/** The licence both wizards carry to their exits (they reach them only with one); a missing one is loud. */
export function licenceOf(context: { license: string | null }): string {
  if (context.license === null) throw new Error('The wizard reached a licence destination without a licence.');
  return context.license;
}

/** The entry of both wizards' exit back to the licence page (Back on their first step). */
export const LEAVE_TO_LICENCE = {
  type: 'leave',
  params: ({ context }: { context: { license: string | null } }) => ({
    to: '/licenses/$license' as const,
    params: { license: licenceOf(context) },
  }),
} as const;

/**
 * The final states both parents end in after the athlete steps: on to /payment (`paymentDescription` says from
 * where), or, for a family that came to join the licence's waitlist, to /waitlist (issue 21.3). Each records its exit
 * with the parent's `leave` action.
 */
export function afterAthleteSteps(paymentDescription: string) {
  return {
    toPayment: {
      description: paymentDescription,
      type: 'final',
      entry: { type: 'leave', params: { to: '/payment' } },
    },
    toWaitlist: {
      description: 'issue 21.3 (§4): /waitlist',
      type: 'final',
      entry: {
        type: 'leave',
        params: ({ context }: { context: { license: string | null } }) => ({
          to: '/waitlist' as const,
          search: { license: licenceOf(context), join: true as const },
        }),
      },
    },
  } as const;
}
