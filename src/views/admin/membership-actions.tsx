import { useId } from 'react';
import {
  type AdminCancelValues,
  type AdminOfflineValues,
  adminCancelFormSchema,
  adminOfflineFormSchema,
  EMPTY_ADMIN_CANCEL,
  EMPTY_ADMIN_OFFLINE,
} from '../../domain/forms/admin-refund';
import { useT } from '../../i18n/use-t';
import type { AdminMembershipActorRef } from '../../machines/admin-membership.connect';
import { Alert } from '../common/alert';
import { ConfirmChoice } from '../common/confirm-choice';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';

/** 'Mark {instalment} paid offline': 'Paid by' cash or cheque, a note, 'Mark as paid' (issue 22 point 4). */
export function MembershipOfflineForm({
  actorRef,
  phaseLabel,
  error,
  fieldErrors,
  busy,
}: {
  actorRef: AdminMembershipActorRef;
  phaseLabel: string;
  error: string | null;
  /** The server's messages on the fields (the schema's own come first). */
  fieldErrors: { method?: string | undefined; note?: string | undefined };
  busy: boolean;
}) {
  const t = useT();
  const form = useForm<AdminOfflineValues>(EMPTY_ADMIN_OFFLINE, adminOfflineFormSchema);
  const methodError = form.visibleError('method') ?? fieldErrors.method;
  const note = form.bind('note');
  const errorId = useId();
  const heading = t('admin.markPaidOfflineHeading', { phase: phaseLabel });
  return (
    <section className="membership-panel" aria-label={heading}>
      <form
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          if (form.attemptSubmit()) actorRef.send({ type: 'SUBMIT_OFFLINE', values: form.values });
        }}
      >
        <StepHeading level={2}>{heading}</StepHeading>
        {error !== null && <Alert>{error}</Alert>}
        <fieldset
          className="membership-choice"
          aria-invalid={methodError ? true : undefined}
          aria-describedby={methodError ? errorId : undefined}
        >
          <legend>{t('admin.paidBy')}</legend>
          {(['cash', 'cheque'] as const).map((method) => (
            <label key={method} className="membership-choice__option">
              <input
                type="radio"
                name="method"
                value={method}
                checked={form.values.method === method}
                onChange={() => form.set('method', method)}
              />{' '}
              {t('admin.offlineMethod', { method })}
            </label>
          ))}
          {methodError && (
            <p id={errorId} className="field-error">
              {methodError}
            </p>
          )}
        </fieldset>
        <TextField
          label={t('admin.noteOptional')}
          autoComplete="off"
          {...note}
          error={note.error ?? fieldErrors.note}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            {t('admin.markAsPaid')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => actorRef.send({ type: 'CLOSE' })}
          >
            {t('admin.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** 'Cancel the remaining schedule?' with its reason (issue 22 point 4); the safe answer keeps the schedule. */
export function MembershipCancelForm({
  actorRef,
  error,
  fieldErrors,
  busy,
}: {
  actorRef: AdminMembershipActorRef;
  error: string | null;
  /** The server's message on the reason (the schema's own comes first). */
  fieldErrors: { reason?: string | undefined };
  busy: boolean;
}) {
  const t = useT();
  const form = useForm<AdminCancelValues>(EMPTY_ADMIN_CANCEL, adminCancelFormSchema);
  const reason = form.bind('reason');
  return (
    <section className="membership-panel" aria-label={t('admin.cancelSchedule')} aria-busy={busy}>
      <h2>{t('admin.cancelSchedule')}</h2>
      {error !== null && <Alert>{error}</Alert>}
      <TextField
        label={t('admin.cancelReason')}
        autoComplete="off"
        {...reason}
        error={reason.error ?? fieldErrors.reason}
      />
      <ConfirmChoice
        className="membership-confirm"
        question={t('admin.cancelQuestion')}
        yes={t('admin.cancelYes')}
        no={t('admin.cancelNo')}
        canConfirm={!busy}
        canKeep={!busy}
        onConfirm={() => {
          if (form.attemptSubmit()) actorRef.send({ type: 'CONFIRM_CANCEL', values: form.values });
        }}
        onKeep={() => actorRef.send({ type: 'CLOSE' })}
      />
    </section>
  );
}
