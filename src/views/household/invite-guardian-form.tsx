import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { EMPTY_GUARDIAN_INVITE, guardianInviteSchema } from '../../domain/forms/guardian-invite';
import { text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import { canSendInvite, type HouseholdActorRef, inviteFormView } from '../../machines/household.connect';
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
  const t = useT();
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
      <h2 id="household-invite">{t('household.inviteHeading')}</h2>
      <p>{t('household.inviteIntro')}</p>
      {view.sent !== null && <Alert tone="success">{text(view.sent)}</Alert>}
      {view.error !== null && <Alert>{view.error}</Alert>}
      <TextField label={t('household.name')} autoComplete="off" aria-required {...field('name')} />
      <TextField label={t('household.email')} type="email" autoComplete="off" aria-required {...field('email')} />
      <RelationshipFields relationship={field('relationship')} custom={field('customRelationship')} />
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSend}>
          {t('household.sendInvite')}
        </button>
      </div>
    </form>
  );
}
