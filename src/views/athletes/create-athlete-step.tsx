import './athletes.css';
import type { FormEvent } from 'react';
import {
  isCreateAthleteFormValid,
  type NewAthleteForm,
  toAthleteAccountPayload,
  USERNAME_HINT,
} from '../../domain/account-forms';
import { maskPhone, PHONE_MASK } from '../../domain/phone';
import {
  CUSTOM_RELATIONSHIP_PLACEHOLDER,
  DEFAULT_RELATIONSHIP,
  needsCustomRelationship,
  RELATIONSHIP_OPTIONS,
} from '../../domain/relationships';
import type { AthleteStepEvent } from '../../machines/athlete-membership.machine';
import { Alert } from '../common/alert';
import { SelectField, TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';

export type CreateAthleteStatus = 'idle' | 'failed' | 'creating';

export interface CreateAthleteStepProps {
  status: CreateAthleteStatus;
  /** The §8 text of `failed`. */
  error: string | null;
  /** What the machine accepts now (`snapshot.can`). */
  can: { create: boolean; back: boolean };
  send: (event: AthleteStepEvent) => void;
}

type AthleteFormValues = { [K in keyof NewAthleteForm]-?: string };

const EMPTY_FORM: AthleteFormValues = {
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

// §5 names no per-field messages for this form: the rule is the disabled button (isCreateAthleteFormValid).
const noFieldMessages = () => ({});

/**
 * Spec §2 Create athlete form, §5: every field, relationship Mother by default with 'Other' revealing
 * 'Type Relationship Here', phone mask 000-000-0000, the username hint, 'Create Account' disabled until §5 holds,
 * Enter submits. The machine receives the §3 athlete account payload (custom relationship title-cased).
 */
export function CreateAthleteStep({ status, error, can, send }: CreateAthleteStepProps) {
  const form = useForm<AthleteFormValues>(EMPTY_FORM, noFieldMessages);
  const valid = isCreateAthleteFormValid(form.values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const athlete = toAthleteAccountPayload(form.values);
    if (athlete && can.create) send({ type: 'CREATE_ATHLETE', athlete });
  };
  return (
    <form className="card create-athlete" onSubmit={submit} noValidate aria-busy={status === 'creating'}>
      <StepHeading>Add New Athlete</StepHeading>
      {status === 'failed' && <Alert>{error}</Alert>}
      <fieldset className="create-athlete__fields grid grid--2">
        <legend className="visually-hidden">Athlete account</legend>
        <TextField label="Athlete First Name" autoComplete="off" aria-required {...form.bind('firstName')} />
        <TextField label="Athlete Last Name" autoComplete="off" aria-required {...form.bind('lastName')} />
      </fieldset>
      <SelectField label="Relationship" aria-required {...form.bind('relationship')}>
        {RELATIONSHIP_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      {needsCustomRelationship(form.values.relationship) && (
        <TextField label={CUSTOM_RELATIONSHIP_PLACEHOLDER} aria-required {...form.bind('customRelationship')} />
      )}
      <TextField
        label="Username"
        autoComplete="off"
        autoCapitalize="none"
        aria-required
        hint={USERNAME_HINT}
        {...form.bind('username')}
      />
      <div className="grid grid--2">
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          aria-required
          {...form.bind('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          aria-required
          {...form.bind('confirmPassword')}
        />
      </div>
      <div className="grid grid--2">
        <TextField label="Email (optional)" type="email" autoComplete="off" {...form.bind('email')} />
        <TextField
          label="Phone (optional)"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder={PHONE_MASK}
          {...form.bind('phone')}
          onChange={(event) => form.set('phone', maskPhone(event.target.value))}
        />
      </div>
      <div className="button-row">
        <button type="submit" className="button" disabled={!valid || !can.create}>
          Create Account
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!can.back}
          onClick={() => send({ type: 'BACK' })}
        >
          Back
        </button>
      </div>
    </form>
  );
}
