import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { ActorRef, AnyMachineSnapshot } from 'xstate';

/** The event a form sends with its values; the machine guards it with the same schema as the form's rules. */
export interface SubmitEvent<T> {
  type: 'SUBMIT';
  values: T;
}

/**
 * The submit of a form whose machine guards SUBMIT with the form's own schema: `canSubmit` is false while a field is
 * invalid or a call runs, and a submit the form or the machine would refuse only shows the form's errors.
 */
export function useGuardedSubmit<T>(
  actorRef: ActorRef<AnyMachineSnapshot, SubmitEvent<T>>,
  form: { values: T; attemptSubmit: () => boolean },
) {
  const submitEvent: SubmitEvent<T> = { type: 'SUBMIT', values: form.values };
  const canSubmit = useSelector(actorRef, (snapshot) => snapshot.can(submitEvent));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.attemptSubmit() && canSubmit) actorRef.send(submitEvent);
  };
  return { canSubmit, submit };
}
