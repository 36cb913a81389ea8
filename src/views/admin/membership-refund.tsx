import { shallowEqual, useSelector } from '@xstate/react';
import { type AdminRefundValues, adminRefundFormSchema } from '../../domain/forms/admin-refund';
import { useT } from '../../i18n/use-t';
import { type AdminRefundActorRef, adminRefundView, refundQuestion } from '../../machines/admin-refund.connect';
import { Alert } from '../common/alert';
import { ConfirmChoice } from '../common/confirm-choice';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { useGuardedSubmit } from '../common/use-guarded-submit';

/** The refund panel of a membership's page (issue 22 point 4): the form, then 'Refund $52.50 to …?'. */
export function MembershipRefund({ actorRef }: { actorRef: AdminRefundActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, adminRefundView, shallowEqual);
  if (view.kind === 'closed') return null;
  const heading = t('admin.refundHeading', { phase: view.phaseLabel });
  return (
    <section className="membership-panel" aria-label={heading}>
      {view.kind === 'form' ? (
        <RefundForm actorRef={actorRef} view={view} heading={heading} />
      ) : (
        <>
          <StepHeading level={2}>{heading}</StepHeading>
          <ConfirmChoice
            className="membership-confirm"
            question={refundQuestion(view)}
            yes={t('admin.refund')}
            no={t('admin.back')}
            canConfirm={view.kind === 'confirm'}
            canKeep={view.kind === 'confirm'}
            onConfirm={() => actorRef.send({ type: 'CONFIRM' })}
            onKeep={() => actorRef.send({ type: 'BACK' })}
          />
          {view.busy && <p role="status">{t('admin.refunding')}</p>}
        </>
      )}
    </section>
  );
}

function RefundForm({
  actorRef,
  view,
  heading,
}: {
  actorRef: AdminRefundActorRef;
  view: Extract<ReturnType<typeof adminRefundView>, { kind: 'form' }>;
  heading: string;
}) {
  const t = useT();
  const form = useForm<AdminRefundValues>(view.values, adminRefundFormSchema);
  const { canSubmit, submit } = useGuardedSubmit(actorRef, form);
  return (
    <form onSubmit={submit} noValidate>
      <StepHeading level={2}>{heading}</StepHeading>
      {view.alert !== null && <Alert>{view.alert}</Alert>}
      <TextField
        label={t('admin.refundAmount')}
        inputMode="decimal"
        autoComplete="off"
        hint={t('admin.leftToRefund', { amount: view.left })}
        {...form.bind('amount_cents')}
        error={form.visibleError('amount_cents') ?? view.amountError}
      />
      <TextField
        label={t('admin.reason')}
        autoComplete="off"
        {...form.bind('reason')}
        error={form.visibleError('reason') ?? view.reasonError}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSubmit}>
          {t('admin.continue')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => actorRef.send({ type: 'CANCEL' })}>
          {t('admin.cancel')}
        </button>
      </div>
    </form>
  );
}
