/**
 * The failure transition of a call (an invoke's `onError`) that every flow writes the same way: go to the state that
 * shows it and remember the error with the machine's own action (which turns it into the §8 text), named in its
 * setup().
 */

/** The failed call's event, as the params function below reads it. */
type Failed = { event: { error: unknown } };

/** `onError: failedTo('request.failed', 'storeError')`: to `target`, remembering the error with `action`. */
export function failedTo<const Target extends string, const Action extends string>(target: Target, action: Action) {
  return { target, actions: { type: action, params: ({ event }: Failed) => ({ error: event.error }) } } as const;
}

/**
 * `onError: [sessionGoneTo('#flow.toLogin'), failedTo(...)]`: a console call answered 401 (the staff session ended):
 * forget it and leave for the login, with the machine's own `isSessionGone` guard and `forgetSession` action.
 */
export function sessionGoneTo<const Target extends string>(target: Target) {
  return {
    guard: { type: 'isSessionGone', params: ({ event }: Failed) => ({ error: event.error }) },
    target,
    actions: 'forgetSession',
  } as const;
}
