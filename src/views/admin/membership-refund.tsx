import { shallowEqual, useSelector } from '@xstate/react';
import { type AdminRefundValues, adminRefundFormSchema } from '../../domain/forms/admin-refund';
import { type AdminRefundActorRef, adminRefundView } from '../../machines/admin-refund.connect';
import { Alert } from '../common/alert';
import { ConfirmChoice } from '../common/confirm-choice';
import { TextField } from '../common/field';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { useGuardedSubmit } from '../common/use-guarded-submit';

/** The refund panel of a membership's page (issue 22 point 4): the form, then 'Refund $52.50 to …?'. */
export function MembershipRefund({ actorRef }: { actorRef: AdminRefundActorRef }) {
  const view = useSelector(actorRef, adminRefundView, shallowEqual);
  if (view.kind === 'closed') return null;
  return (
    <section className="membership-panel" aria-label={view.heading}>
      {view.kind === 'form' ? (
        <RefundForm actorRef={actorRef} view={view} />
      ) : (
        <>
          <StepHeading level={2}>{view.heading}</StepHeading>
          <ConfirmChoice
            className="membership-confirm"
            question={view.question}
            yes="Refund"
            no="Back"
            canConfirm={view.kind === 'confirm'}
            canKeep={view.kind === 'confirm'}
            onConfirm={() => actorRef.send({ type: 'CONFIRM' })}
            onKeep={() => actorRef.send({ type: 'BACK' })}
          />
          {view.busy && <p role="status">Refunding…</p>}
        </>
      )}
    </section>
  );
}

function RefundForm({
  actorRef,
  view,
}: {
  actorRef: AdminRefundActorRef;
  view: Extract<ReturnType<typeof adminRefundView>, { kind: 'form' }>;
}) {
  const form = useForm<AdminRefundValues>(view.values, adminRefundFormSchema);
  const { canSubmit, submit } = useGuardedSubmit(actorRef, form);
  return (
    <form onSubmit={submit} noValidate>
      <StepHeading level={2}>{view.heading}</StepHeading>
      {view.alert !== null && <Alert>{view.alert}</Alert>}
      <TextField
        label="Amount to refund (dollars)"
        inputMode="decimal"
        autoComplete="off"
        hint={view.hint}
        {...form.bind('amount_cents')}
        error={form.visibleError('amount_cents') ?? view.amountError}
      />
      <TextField
        label="Reason"
        autoComplete="off"
        {...form.bind('reason')}
        error={form.visibleError('reason') ?? view.reasonError}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSubmit}>
          Continue
        </button>
        <button type="button" className="button button--secondary" onClick={() => actorRef.send({ type: 'CANCEL' })}>
          Cancel
        </button>
      </div>
    </form>
  );
}
