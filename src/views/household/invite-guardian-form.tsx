import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { EMPTY_GUARDIAN_INVITE, guardianInviteSchema } from '../../domain/forms/guardian-invite';
import {
  canSendInvite,
  HOUSEHOLD_TEXTS,
  type HouseholdActorRef,
  inviteFormView,
} from '../../machines/household.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { RelationshipFields } from '../common/relationship-fields';
import { useForm } from '../common/use-form';

/**
 * 'Invite a guardian' (issue 20 point 4): name, e-mail and relationship ('Other' reveals the typed relationship, as on
 * the create-athlete form), 'Send invite'. The form's own errors and the server's show at their fields; the server's
 * are also announced above the form.
 */
export function InviteGuardianForm({ actorRef }: { actorRef: HouseholdActorRef }) {
  const form = useForm(EMPTY_GUARDIAN_INVITE, guardianInviteSchema);
  const view = useSelector(actorRef, (snapshot) => inviteFormView(snapshot, form.values.relationship), shallowEqual);
  const canSend = useSelector(actorRef, (snapshot) => canSendInvite(snapshot, form.values));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.attemptSubmit() && canSend) actorRef.send({ type: 'SEND_INVITE', values: form.values });
  };
  const field = (name: keyof typeof EMPTY_GUARDIAN_INVITE) => {
    const bound = form.bind(name);
    return { ...bound, error: bound.error ?? view.fieldErrors[name] };
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-busy={view.busy} aria-labelledby="household-invite">
      <h2 id="household-invite">{HOUSEHOLD_TEXTS.inviteHeading}</h2>
      <p>{HOUSEHOLD_TEXTS.inviteIntro}</p>
      {view.sent !== null && <Alert tone="success">{view.sent}</Alert>}
      {view.error !== null && <Alert>{view.error}</Alert>}
      <TextField label="Name" autoComplete="off" aria-required {...field('name')} />
      <TextField label="E-mail" type="email" autoComplete="off" aria-required {...field('email')} />
      <RelationshipFields relationship={field('relationship')} custom={field('customRelationship')} />
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSend}>
          {HOUSEHOLD_TEXTS.sendInvite}
        </button>
      </div>
    </form>
  );
}
