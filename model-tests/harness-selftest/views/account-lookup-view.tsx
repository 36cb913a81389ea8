import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { accountLookupMachine } from '../machines/account-lookup.machine.ts';

type LookupActor = ActorRefFrom<typeof accountLookupMachine>;

function LookupForm({ actor }: { actor: LookupActor }) {
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'LOOKUP', email });
  };
  return (
    <form onSubmit={submit}>
      <label>
        Email
        <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <button type="submit">Look up</button>
    </form>
  );
}

export function AccountLookupView({ actor }: { actor: LookupActor }) {
  const snapshot = useSelector(actor, (current) => current);
  if (snapshot.matches('idle')) return <LookupForm actor={actor} />;
  if (snapshot.hasTag('busy')) return <p role="status">Looking up {snapshot.context.email}…</p>;
  if (snapshot.matches('coachHome')) return <h1>Welcome, Coach</h1>;
  if (snapshot.matches('licensed')) return <h1>Your licence is ready</h1>;
  if (snapshot.matches('parentHome')) return <h1>Welcome back</h1>;
  if (snapshot.matches('signUp')) return <h1>Create your account</h1>;
  return (
    <div role="alert">
      <p>Something went wrong.</p>
      <button type="button" onClick={() => actor.send({ type: 'RETRY' })}>
        Try again
      </button>
    </div>
  );
}
