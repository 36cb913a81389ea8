/**
 * How a flow declares what of it is saved and how a saved snapshot is read back (issue 21; issue 30 point 3: machines
 * own what they save). Each flow that saves progress has a `<flow>.persist.ts` beside its machine
 * (src/machines/payment.persist.ts, login.persist.ts, register.persist.ts) that builds a `FlowProgress` with
 * `declareProgress`: its machines (the saved version), the machine states it is saved at (typed by the machine's
 * state value), the context fields it reads back (`contextShape`, checked against the machine's context type, so
 * renaming a field there breaks the declaration's typecheck), the resume point of the shape saved now, readers of
 * older shapes still read back (`older`), the machine input a point resumes with, and when the flow is complete. The saving and restoring code (./progress.ts, ./progress-restore.ts,
 * src/routes/use-progress.ts) is given a declaration and knows no machine's state names or context fields.
 *
 * No React, no API and no machine imported here: the declarations import it, and the pages import the declarations.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { z } from 'zod/mini';
import { plainObject } from '../domain/wire';

/** The three flows of one registration (they replace each other's saved row: one per account and licence). */
export type ProgressFlow = 'register' | 'login' | 'payment';

/**
 * Where a saved flow resumes: its licence, the step (the key the server stores is `${flow}.${step}`) and the athlete;
 * a flow's declaration adds the choices it resumes with (the payment's plan, protection and discount code).
 */
export interface ResumePoint<TFlow extends ProgressFlow = ProgressFlow, TStep extends string = string> {
  flow: TFlow;
  license: string;
  step: TStep;
  athleteId: number | null;
}

/** A snapshot's state value, as saved: a state name, or the object of a compound state. */
const stateValueSchema = z.union([z.string(), plainObject]);
type SavedStateValue = z.infer<typeof stateValueSchema>;

/** The top-level state of a snapshot's value ('checkout' for `{ checkout: 'ready' }`). */
export function topState(value: SavedStateValue): string {
  return typeof value === 'string' ? value : (Object.keys(value)[0] ?? '');
}

/** A machine's top-level state names, from its typed state value (naming a state that is gone is a type error). */
export type TopStateOf<TMachine extends AnyStateMachine> = TopOf<SnapshotFrom<TMachine>['value']>;
type TopOf<TValue> = TValue extends string ? TValue : TValue extends object ? keyof TValue & string : never;

function isStateOf<TState extends string>(
  savedAt: Readonly<Partial<Record<TState, unknown>>>,
  key: string,
): key is TState {
  return Object.hasOwn(savedAt, key);
}

/** Why a declared field does not fit the machine's context (shown by the type checker). */
type NotInContext<K> =
  `${K & string} is not a field of the machine's context: rename it here too, and keep a reader of the older shape`;
type DoesNotFit<K> = `${K & string} of the machine's context no longer fits the shape declared for it`;

/** Every declared field is a field of the context, and the context's value of it passes the declared schema. */
type FitsContext<TContext, TShape> = {
  [K in keyof TShape]: K extends keyof TContext
    ? TContext[K] extends z.output<TShape[K]>
      ? TShape[K]
      : DoesNotFit<K>
    : NotInContext<K>;
};

/**
 * The zod shape of the context fields a flow saves and reads back, tied to the machine's context type: a field
 * renamed, removed or changed in the context is a type error here (and the flow's `<flow>.persist.test.ts`, which
 * round-trips the real machine's snapshot, fails), never a silent stop of saving.
 */
export function contextShape<TContext>() {
  return <const TShape extends Record<string, z.ZodMiniType>>(shape: TShape & FitsContext<TContext, TShape>): TShape =>
    shape;
}

/**
 * The schema of a persisted snapshot as a flow reads it: its state value, the declared context fields, and the
 * declared fields of the children it carries (`{ athleteSteps: … }`; `{}` for none).
 */
export function savedSnapshot<
  TContext extends Record<string, z.ZodMiniType>,
  TChildren extends Record<string, z.ZodMiniType>,
>(context: TContext, children: TChildren) {
  return z.object({ value: stateValueSchema, context: z.object(context), children: z.optional(z.object(children)) });
}

/** One way of reading a saved snapshot: undefined when the snapshot is not of its shape, else its point or null. */
export type SnapshotReader<TPoint> = (snapshot: unknown) => TPoint | null | undefined;

/** A reader of snapshots of one (older) shape: `point` gives the resume point of a parsed one (null: not saved). */
export function snapshotReader<TSaved, TPoint>(
  schema: z.ZodMiniType<TSaved>,
  point: (saved: TSaved) => TPoint | null,
): SnapshotReader<TPoint> {
  return (snapshot) => {
    const parsed = schema.safeParse(snapshot);
    return parsed.success ? point(parsed.data) : undefined;
  };
}

/** What a flow declares about its saved progress (built by `declareProgress` in its `<flow>.persist.ts`). */
export interface FlowProgress<TPoint extends ResumePoint = ResumePoint, TInput = unknown> {
  readonly flow: TPoint['flow'];
  /** The flow's machine and the child machines it imports whose snapshots it carries (their state ids: the version). */
  readonly versionOf: readonly AnyStateMachine[];
  /**
   * Every machine of the saved version: `versionOf` and the children whose code loads when the flow reaches them
   * (login and register: the athlete steps, src/machines/athlete-steps.lazy.ts). The saving and restoring code awaits
   * it, so a restored snapshot that carries such a child finds its code there.
   */
  loadVersionOf(): Promise<readonly AnyStateMachine[]>;
  /** The names of the context fields read back (the machine's context must have each: <flow>.persist.test.ts). */
  readonly contextFields: readonly string[];
  /** The machine's top-level states the flow is saved at. */
  readonly savedStates: readonly string[];
  /** Every step the flow is saved at. */
  readonly steps: readonly TPoint['step'][];
  /**
   * The resume point of a saved (or live) persisted snapshot: read by the current shape, else by the first older
   * shape that knows it; null when the flow is not at a step worth saving, or no reader knows the snapshot.
   */
  pointOf(snapshot: unknown): TPoint | null;
  /** The part of the machine's input that resumes the flow at a point (the page spreads it into the input). */
  inputOf(point: TPoint): TInput;
  /** Whether a snapshot is the flow completed (a payment made): the server cleared its row, the tab drops its copy. */
  completed(snapshot: { status: string; value: unknown }): boolean;
}

export interface ProgressDeclaration<
  TPoint extends ResumePoint,
  TInput,
  TMachine extends AnyStateMachine,
  TAt,
  TSaved extends { value: SavedStateValue },
> {
  flow: TPoint['flow'];
  /** The flow's machine first, then the child machines whose snapshots it carries. */
  versionOf: readonly [TMachine, ...AnyStateMachine[]];
  /** The child machines whose snapshots it carries and whose code loads lazily: loaded, they join the version. */
  lazyVersionOf?: () => Promise<readonly AnyStateMachine[]>;
  /** The machine's top-level states the flow is saved at, each with what `point` is told of it. */
  savedAt: Readonly<Partial<Record<TopStateOf<TMachine>, TAt>>>;
  /** The context fields read back (`contextShape<Context>()({ … })`). */
  context: Readonly<Record<string, z.ZodMiniType>>;
  /** The shape saved now (`savedSnapshot(context, children)`). */
  saved: z.ZodMiniType<TSaved>;
  /** The resume point of a snapshot of the current shape at a saved state (null: not worth saving there). */
  point: (saved: TSaved, at: TAt) => TPoint | null;
  /** Readers of the older shapes still read back, newest first (`snapshotReader`); none: they are discarded. */
  older?: readonly SnapshotReader<TPoint>[];
  steps: readonly TPoint['step'][];
  inputOf: (point: TPoint) => TInput;
  /** Absent: the flow's page never completes it (it leaves; the saved row stays until paid). */
  completed?: (snapshot: { status: string; value: unknown }) => boolean;
}

/**
 * A flow's declaration of what it saves and how a saved snapshot is read back: `declareProgress<Point, Input>()({ … })`
 * (the point, the input and what `point` is told of a saved state named, by default the step; the machine, its saved
 * states and the saved shape inferred).
 */
export function declareProgress<TPoint extends ResumePoint, TInput, TAt = TPoint['step']>() {
  return <TMachine extends AnyStateMachine, TSaved extends { value: SavedStateValue }>(
    declaration: ProgressDeclaration<TPoint, TInput, TMachine, TAt, TSaved>,
  ): FlowProgress<TPoint, TInput> => {
    const {
      flow,
      versionOf,
      lazyVersionOf,
      savedAt,
      context,
      saved,
      point,
      older = [],
      steps,
      inputOf,
      completed,
    } = declaration;
    const current: SnapshotReader<TPoint> = (snapshot) => {
      const parsed = saved.safeParse(snapshot);
      if (!parsed.success) return undefined;
      const top = topState(parsed.data.value);
      if (!isStateOf(savedAt, top)) return null;
      const at = savedAt[top];
      return at === undefined ? null : point(parsed.data, at);
    };
    const readers = [current, ...older];
    return {
      flow,
      versionOf,
      loadVersionOf: async () => (lazyVersionOf === undefined ? versionOf : [...versionOf, ...(await lazyVersionOf())]),
      contextFields: Object.keys(context),
      savedStates: Object.keys(savedAt),
      steps,
      pointOf(snapshot) {
        for (const read of readers) {
          const found = read(snapshot);
          if (found !== undefined) return found;
        }
        return null;
      },
      inputOf,
      completed: completed ?? (() => false),
    };
  };
}
