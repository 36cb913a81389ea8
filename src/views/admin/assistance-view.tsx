/**
 * /admin/assistance (issue 34 point 2): a season's requests for financial assistance with the family's reason (shown
 * only here), 'Approve', 'Approve another amount' and 'Decline' with a message; the season's budget, what is approved
 * and left, which the owner sets. Renders what admin-assistance.connect.ts derives; the refusal of a decision shows by
 * its request ('This would exceed the season's assistance budget ($1,775.00 left).').
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  type ApproveAmountValues,
  approveAmountFormSchema,
  type BudgetValues,
  budgetFormSchema,
  type DeclineValues,
  declineFormSchema,
  EMPTY_APPROVE_AMOUNT,
  EMPTY_DECLINE,
} from '../../domain/forms/assistance-decision';
import { useT } from '../../i18n/use-t';
import {
  type AdminAssistanceActorRef,
  type AssistanceBudgetView,
  type AssistanceRow,
  adminAssistanceView,
} from '../../machines/admin-assistance.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { AdminPage } from './admin-page';

export function AssistanceView({ actorRef }: { actorRef: AdminAssistanceActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, adminAssistanceView);
  const seasonId = useId();
  return (
    <AdminPage>
      <p className="admin-back">
        <Link to="/admin">{t('admin.backToConsole')}</Link>
      </p>
      <StepHeading>{t('helpPayingAdmin.title')}</StepHeading>
      {view.kind === 'noOrganization' && <p>{t('helpPayingAdmin.noOrganization')}</p>}
      {view.kind === 'loading' && <p role="status">{t('helpPayingAdmin.loading')}</p>}
      {view.kind === 'failed' && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error ?? t('admin.error')}</RetryAlert>
      )}
      {view.kind === 'loaded' && (
        <>
          {view.seasons.length === 0 && <p>{t('helpPayingAdmin.noSeason')}</p>}
          {view.seasons.length > 1 && (
            <form
              className="season-picker"
              onSubmit={(event) => {
                event.preventDefault();
                const chosen = Number(new FormData(event.currentTarget).get('season'));
                actorRef.send({ type: 'CHOOSE_SEASON', seasonId: chosen });
              }}
            >
              <label htmlFor={seasonId}>{t('helpPayingAdmin.season')}</label>
              <select id={seasonId} name="season" defaultValue={view.seasonId ?? undefined}>
                {view.seasons.map((season) => (
                  <option key={season.id} value={season.id}>
                    {season.name}
                  </option>
                ))}
              </select>
              <button type="submit" className="button button--secondary">
                {t('helpPayingAdmin.showSeason')}
              </button>
            </form>
          )}
          {view.budget !== null && (
            <BudgetSection
              actorRef={actorRef}
              budget={view.budget}
              canEdit={view.canEditBudget}
              saving={view.savingBudget}
              refusal={view.budgetRefusal}
            />
          )}
          <h2>{t('helpPayingAdmin.requestsHeading')}</h2>
          {view.requests.length === 0 && <p>{t('helpPayingAdmin.noRequests')}</p>}
          <ul className="admin-list assistance-requests">
            {view.requests.map((row) => (
              <li key={row.id}>
                <AssistanceRequestCard actorRef={actorRef} row={row} busy={view.busy} />
              </li>
            ))}
          </ul>
        </>
      )}
    </AdminPage>
  );
}

function BudgetSection({
  actorRef,
  budget,
  canEdit,
  saving,
  refusal,
}: {
  actorRef: AdminAssistanceActorRef;
  budget: AssistanceBudgetView;
  canEdit: boolean;
  saving: boolean;
  refusal: string | null;
}) {
  const t = useT();
  const headingId = useId();
  const form = useForm<BudgetValues>({ budget: budget.budgetDollars }, budgetFormSchema);
  const field = form.bind('budget');
  return (
    <section aria-labelledby={headingId} className="assistance-budget">
      <h2 id={headingId}>{t('helpPayingAdmin.budgetHeading', { season: budget.season })}</h2>
      <dl className="amounts">
        <div className="amounts__row">
          <dt>{t('helpPayingAdmin.budget')}</dt>
          <dd>{budget.budget}</dd>
        </div>
        <div className="amounts__row">
          <dt>{t('helpPayingAdmin.approved')}</dt>
          <dd>{budget.approved}</dd>
        </div>
        <div className="amounts__row">
          <dt>{t('helpPayingAdmin.left')}</dt>
          <dd>{budget.left}</dd>
        </div>
      </dl>
      {budget.none && <p>{t('helpPayingAdmin.noBudget')}</p>}
      {canEdit && (
        <form
          noValidate
          aria-busy={saving}
          onSubmit={(event) => {
            event.preventDefault();
            if (form.attemptSubmit()) actorRef.send({ type: 'SET_BUDGET', values: form.values });
          }}
        >
          {refusal !== null && <Alert>{refusal}</Alert>}
          <TextField label={t('helpPayingAdmin.budgetField')} inputMode="decimal" autoComplete="off" {...field} />
          <button type="submit" className="button button--secondary" disabled={saving}>
            {saving ? t('helpPayingAdmin.working') : t('helpPayingAdmin.saveBudget')}
          </button>
        </form>
      )}
    </section>
  );
}

function AssistanceRequestCard({
  actorRef,
  row,
  busy,
}: {
  actorRef: AdminAssistanceActorRef;
  row: AssistanceRow;
  busy: boolean;
}) {
  const t = useT();
  const headingId = useId();
  const reasonId = useId();
  return (
    <article className="assistance-request card" aria-labelledby={headingId} aria-busy={row.deciding}>
      <h3 id={headingId}>
        {t('helpPayingAdmin.requestOf', { athlete: row.athlete, team: row.team })}{' '}
        <span className="badge">{t('helpPayingAdmin.status', { status: row.status })}</span>
      </h3>
      {row.guardian !== null && <p>{t('helpPayingAdmin.guardian', row.guardian)}</p>}
      <p>{t('helpPayingAdmin.asked', { percent: row.percent, dues: row.dues, amount: row.asked })}</p>
      {row.freeMeals && <p>{t('helpPayingAdmin.freeMeals')}</p>}
      <p id={reasonId}>
        <strong>{t('helpPayingAdmin.reason')}:</strong> {row.reason}
      </p>
      {row.approved !== null && <p>{t('helpPayingAdmin.approvedAmount', { amount: row.approved })}</p>}
      {row.message !== null && <p>{t('helpPayingAdmin.declinedMessage', { message: row.message })}</p>}
      {row.decidedBy !== null && <p>{t('helpPayingAdmin.decidedBy', { name: row.decidedBy })}</p>}
      {row.refusal !== null && <Alert>{row.refusal}</Alert>}
      {row.decidable && (
        <div className="assistance-request__decisions">
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-describedby={reasonId}
            onClick={() => actorRef.send({ type: 'APPROVE', requestId: row.id })}
          >
            {row.deciding ? t('helpPayingAdmin.working') : t('helpPayingAdmin.approve')}
          </button>
          <ApproveAmountForm actorRef={actorRef} requestId={row.id} busy={busy} />
          <DeclineForm actorRef={actorRef} requestId={row.id} busy={busy} />
        </div>
      )}
    </article>
  );
}

/** What a request's own forms (another amount, decline) send with, and whether a decision is on its way. */
interface RequestFormProps {
  actorRef: AdminAssistanceActorRef;
  requestId: number;
  busy: boolean;
}

function ApproveAmountForm({ actorRef, requestId, busy }: RequestFormProps) {
  const t = useT();
  const form = useForm<ApproveAmountValues>(EMPTY_APPROVE_AMOUNT, approveAmountFormSchema);
  const field = form.bind('amount');
  return (
    <details className="assistance-request__more">
      <summary>{t('helpPayingAdmin.approveOther')}</summary>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (form.attemptSubmit()) actorRef.send({ type: 'APPROVE_AMOUNT', requestId, values: form.values });
        }}
      >
        <TextField label={t('helpPayingAdmin.amountField')} inputMode="decimal" autoComplete="off" {...field} />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {t('helpPayingAdmin.approveAmount')}
        </button>
      </form>
    </details>
  );
}

function DeclineForm({ actorRef, requestId, busy }: RequestFormProps) {
  const t = useT();
  const form = useForm<DeclineValues>(EMPTY_DECLINE, declineFormSchema);
  const field = form.bind('message');
  const messageId = useId();
  return (
    <details className="assistance-request__more">
      <summary>{t('helpPayingAdmin.decline')}</summary>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (form.attemptSubmit()) actorRef.send({ type: 'DECLINE', requestId, values: form.values });
        }}
      >
        <div className="field">
          <label htmlFor={messageId}>{t('helpPayingAdmin.messageField')}</label>
          <textarea
            id={messageId}
            rows={3}
            value={field.value}
            onChange={field.onChange}
            onFocus={field.onFocus}
            onBlur={field.onBlur}
            aria-invalid={field.error ? true : undefined}
            aria-describedby={field.error ? `${messageId}-error` : undefined}
          />
          {field.error && (
            <p id={`${messageId}-error`} className="field-error">
              {field.error}
            </p>
          )}
        </div>
        <button type="submit" className="button button--secondary" disabled={busy}>
          {t('helpPayingAdmin.sendDecline')}
        </button>
      </form>
    </details>
  );
}
