/**
 * The children of the payment flow that only an action starts ('Add another athlete': the athlete steps, then the
 * family checkout; issue 20), loaded when the flow reaches them (issue 30 point 6: a first visit to /payment neither
 * fetches nor evaluates their code). The flow names two actors for each (payment.setup.ts): the load of its code,
 * which a loading state invokes (a failure is a state with a retry), and the child itself, invoked once the code is
 * there. The page gives both (src/routes/payment.page.tsx) from one `lazyChild` (payment.lazy-child.ts: its own
 * module, so /draft, which shares this one, does not carry it).
 */
import {
  type ActorLogic,
  type AnyStateMachine,
  type EmittedFrom,
  type EventFromLogic,
  fromPromise,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';

/**
 * A child machine the page gives (machine.provide): the flow knows its type (a type-only import: its code stays out of
 * the flow's module, of /draft and of a first visit to /payment), so the invoke's input and output, the children the
 * views read (payment.connect.ts) and the page's provide() are all checked against the real machine.
 */
export type Provided<TMachine extends AnyStateMachine> = ActorLogic<
  SnapshotFrom<TMachine>,
  EventFromLogic<TMachine>,
  InputFrom<TMachine>,
  SystemOf<TMachine>,
  EmittedFrom<TMachine>
>;
type SystemOf<TLogic> =
  TLogic extends ActorLogic<infer _S, infer _E, infer _I, infer TSystem, infer _Em> ? TSystem : never;

/** The load of a child's code on a page that gives none (/draft): the loading state fails with the child's name. */
export function noChildCode(name: string) {
  return fromPromise<void>(() => Promise.reject(new Error(`This page does not provide ${name}.`)));
}
