/**
 * Issue 34: the set-up page's 'Help paying' settings (owners: `edit_help_paying`): whether the organization offers
 * financial assistance and accepts check or cash, the instructions families get, and how many days a seat is held
 * while the payment is awaited. The form is one of the page's forms (admin-form.machine.ts, target 'helpPaying');
 * once saved the page loads the settings again and reads them back. The season's budget lives on
 * /admin/assistance, beside the requests it is spent on.
 */
import { useId } from 'react';
import { type AdminHelpPayingValues, adminHelpPayingFormSchema } from '../../domain/forms/admin-help-paying';
import { useT } from '../../i18n/use-t';
import type { AdminFormActorRef, SetupHelpPaying } from '../../machines/admin-setup.connect';
import { TextField } from '../common/field';
import { useForm } from '../common/use-form';
import { bound, type Form, type FormProps, SetupForm, useFieldError } from './setup-forms';
import { WaiverField } from './waiver-field';

/** The settings as saved: what families are offered. */
export function HelpPayingFacts({ settings }: { settings: SetupHelpPaying }) {
  const t = useT();
  return (
    <dl className="admin-setup__facts">
      <dt>{t('helpPayingSettings.offersAssistance')}</dt>
      <dd>{t('helpPayingSettings.offered', { offered: String(settings.offersAssistance) })}</dd>
      <dt>{t('helpPayingSettings.acceptsCheckOrCash')}</dt>
      <dd>{t('helpPayingSettings.accepted', { accepted: String(settings.acceptsCheckOrCash) })}</dd>
      <dt>{t('helpPayingSettings.instructions')}</dt>
      <dd>{settings.instructions === '' ? t('admin.none') : settings.instructions}</dd>
      <dt>{t('helpPayingSettings.holdDays')}</dt>
      <dd>{t('helpPayingSettings.days', { days: settings.holdDays })}</dd>
    </dl>
  );
}

/** A box bound to a 'true' / 'false' value of the form, its error (the server's) tied to it. */
function Box({
  form,
  name,
  label,
  error,
  actorRef,
}: {
  form: Form<AdminHelpPayingValues>;
  name: 'offers_assistance' | 'accepts_check_or_cash';
  label: string;
  error: string | undefined;
  actorRef: AdminFormActorRef;
}) {
  const errorId = useId();
  return (
    <div className="field">
      <label>
        <input
          type="checkbox"
          name={name}
          checked={form.values[name] === 'true'}
          onChange={(event) => {
            form.set(name, event.target.checked ? 'true' : 'false');
            actorRef.send({ type: 'EDIT' });
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />{' '}
        {label}
      </label>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** 'Change help paying': the four settings, each error (the schema's or the server's) on its field. */
export function HelpPayingForm({ actorRef, onCancel, initial }: FormProps & { initial: AdminHelpPayingValues }) {
  const t = useT();
  const form = useForm(initial, adminHelpPayingFormSchema);
  const error = useFieldError(actorRef);
  const instructionsId = useId();
  return (
    <SetupForm actorRef={actorRef} form={form} title={t('helpPayingSettings.change')} onCancel={onCancel}>
      <Box
        form={form}
        name="offers_assistance"
        label={t('helpPayingSettings.offersLabel')}
        error={error(form, 'offers_assistance')}
        actorRef={actorRef}
      />
      <Box
        form={form}
        name="accepts_check_or_cash"
        label={t('helpPayingSettings.acceptsLabel')}
        error={error(form, 'accepts_check_or_cash')}
        actorRef={actorRef}
      />
      <WaiverField
        id={instructionsId}
        label={t('helpPayingSettings.instructionsField')}
        hint={t('helpPayingSettings.instructionsHint')}
        {...bound(form, 'check_or_cash_instructions', error(form, 'check_or_cash_instructions'), actorRef)}
      />
      <TextField
        label={t('helpPayingSettings.holdDaysField')}
        inputMode="numeric"
        autoComplete="off"
        hint={t('helpPayingSettings.holdDaysHint')}
        {...bound(form, 'check_or_cash_hold_days', error(form, 'check_or_cash_hold_days'), actorRef)}
      />
    </SetupForm>
  );
}
