import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { toggleMachine } from '../machines/toggle.machine.ts';

export function ToggleView({ actor }: { actor: ActorRefFrom<typeof toggleMachine> }) {
  const on = useSelector(actor, (snapshot) => snapshot.matches('active'));
  return (
    <section>
      <p role="status">{on ? 'The light is on' : 'The light is off'}</p>
      <button type="button" onClick={() => actor.send({ type: 'TOGGLE' })}>
        {on ? 'Turn off' : 'Turn on'}
      </button>
    </section>
  );
}
