import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { pickPlanMachine, shopMachine } from '../machines/shop.machine.ts';

function PlanView({ plan }: { plan: ActorRefFrom<typeof pickPlanMachine> }) {
  const choosing = useSelector(plan, (snapshot) => snapshot.matches('choosing'));
  if (!choosing) return <p role="status">Pricing gold</p>;
  return (
    <section>
      <button type="button" onClick={() => plan.send({ type: 'PICK', plan: 'gold' })}>
        Gold
      </button>
      <button type="button" onClick={() => plan.send({ type: 'BACK' })}>
        Back
      </button>
    </section>
  );
}

export function ShopView({ actor }: { actor: ActorRefFrom<typeof shopMachine> }) {
  const snapshot = useSelector(actor, (current) => current);
  const plan = snapshot.matches('planning') ? snapshot.children.plan : undefined;
  if (snapshot.matches('paid')) return <p role="status">Paid</p>;
  if (plan) return <PlanView plan={plan} />;
  return (
    <button type="button" onClick={() => actor.send({ type: 'NEXT' })}>
      Next
    </button>
  );
}
