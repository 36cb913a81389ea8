import './athletes.css';
import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { createAthleteSchema, type NewAthleteFormValues } from '../../domain/forms/create-athlete';
import { maskPhone, PHONE_MASK } from '../../domain/phone';
import { DEFAULT_RELATIONSHIP } from '../../domain/relationships';
import { useT } from '../../i18n/use-t';
import { type AthleteStepsActorRef, canCreateAthlete, createAthleteView } from '../../machines/athlete-steps.connect';
import { Alert } from '../common/alert';
import { BackButton } from '../common/back-button';
import { TextField } from '../common/field';
import { NewPasswordFields } from '../common/new-password-fields';
import { RelationshipFields } from '../common/relationship-fields';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';

const EMPTY_FORM: NewAthleteFormValues = {
  firstName: '',
  lastName: '',
  relationship: DEFAULT_RELATIONSHIP,
  customRelationship: '',
  username: '',
  password: '',
  confirmPassword: '',
  email: '',
  phone: '',
};

/**
 * Spec §2 Create athlete form, §5: every field, relationship Mother by default with 'Other' revealing
 * 'Type Relationship Here', phone mask 000-000-0000, the username hint, 'Create Account' disabled until §5 holds,
 * Enter submits. The machine receives the form as typed, refuses it unless the same schema holds, and sends the §3
 * athlete account payload (custom relationship title-cased).
 */
export function CreateAthleteStep({ actorRef }: { actorRef: AthleteStepsActorRef }) {
  const t = useT();
  const { status, error, canBack } = useSelector(actorRef, createAthleteView, shallowEqual);
  const send = actorRef.send;
  const form = useForm(EMPTY_FORM, createAthleteSchema);
  const canCreate = useSelector(actorRef, (snapshot) => canCreateAthlete(snapshot, form.values));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.attemptSubmit() && canCreate) send({ type: 'CREATE_ATHLETE', values: form.values });
  };
  return (
    <form className="card create-athlete" onSubmit={submit} noValidate aria-busy={status === 'creating'}>
      <StepHeading>{t('athletes.addNew')}</StepHeading>
      {status === 'failed' && <Alert>{error}</Alert>}
      <fieldset className="create-athlete__fields grid grid--2">
        <legend className="visually-hidden">{t('athletes.accountLegend')}</legend>
        <TextField label={t('athletes.firstName')} autoComplete="off" aria-required {...form.bind('firstName')} />
        <TextField label={t('athletes.lastName')} autoComplete="off" aria-required {...form.bind('lastName')} />
      </fieldset>
      <RelationshipFields relationship={form.bind('relationship')} custom={form.bind('customRelationship')} />
      <TextField
        label={t('athletes.username')}
        autoComplete="off"
        autoCapitalize="none"
        aria-required
        hint={t('athletes.usernameHint')}
        {...form.bind('username')}
      />
      <NewPasswordFields password={form.bind('password')} confirmation={form.bind('confirmPassword')} />
      <div className="grid grid--2">
        <TextField label={t('athletes.emailOptional')} type="email" autoComplete="off" {...form.bind('email')} />
        <TextField
          label={t('athletes.phoneOptional')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder={PHONE_MASK}
          {...form.bind('phone')}
          onChange={(event) => form.set('phone', maskPhone(event.target.value))}
        />
      </div>
      <div className="button-row">
        <button type="submit" className="button" disabled={!canCreate}>
          {t('athletes.createAccount')}
        </button>
        <BackButton enabled={canBack} onBack={() => send({ type: 'BACK' })} />
      </div>
    </form>
  );
}
