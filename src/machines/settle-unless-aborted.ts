import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';

/**
 * A call whose invoking actor was stopped never settles.
 *
 * @xstate/react restarts a stopped root actor from its snapshot (React StrictMode and Activity remount effects), and
 * xstate's fromPromise would relay the stopped call's AbortError to the restarted invocation as its answer: the
 * page would show a load error ('The request was cancelled.') for a request nobody cancelled. Every actor that calls
 * the API wraps its call in this.
 */
export function settleUnlessAborted<T>(call: Promise<T>, signal: AbortSignal): Promise<T> {
  return call.catch((error: unknown) => {
    if (signal.aborted) return new Promise<never>(() => {});
    throw error;
  });
}

/**
 * The actor of one API call: `call(input, signal)` wrapped in settleUnlessAborted, so every machine names its calls
 * as `apiCall<Answer, Input>((input, signal) => request(input, { signal }))` instead of writing the wrapper out. A
 * call that must not be aborted once sent (checkout, saving a card) simply does not pass the signal on.
 */
export function apiCall<TOutput, TInput = NonReducibleUnknown>(
  call: (input: TInput, signal: AbortSignal) => Promise<TOutput>,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(({ input, signal }) => settleUnlessAborted(call(input, signal), signal));
}
