import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  type AdminMembershipActorRef,
  type AdminMembershipView,
  adminMembershipView,
  cardText,
  consoleDate,
  offlineText,
} from '../../machines/admin-membership.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { AdminPage } from './admin-page';
import { MembershipCancelForm, MembershipOfflineForm } from './membership-actions';
import { MembershipRefund } from './membership-refund';
import { TableWrap } from './table-wrap';
import './membership.css';
import { MembershipAnswers } from './membership-answers';

type Loaded = Extract<AdminMembershipView, { kind: 'loaded' }>;

/**
 * /admin/memberships/$id (issue 22 points 3 and 4): the membership's summary, its payments (with the actions an
 * owner or registrar may take), the e-mails sent and the staff actions; the action panel open now below the payments.
 */
export function MembershipPageView({
  actorRef,
  from,
}: {
  actorRef: AdminMembershipActorRef;
  /** Where the page was opened from (issue 33 point 4: it links back there); else the team's roster. */
  from?: 'billing' | undefined;
}) {
  const t = useT();
  const view = useSelector(actorRef, adminMembershipView, shallowEqual);
  return (
    <AdminPage>
      {from === 'billing' ? (
        <p className="admin-back">
          <Link to="/admin/billing">{t('admin.backToBilling')}</Link>
        </p>
      ) : (
        view.kind === 'loaded' && (
          <p className="admin-back">
            <Link to="/admin/teams/$teamId" params={{ teamId: String(view.teamId) }}>
              {t('admin.backToRoster', { team: view.summary.team })}
            </Link>
          </p>
        )
      )}
      <StepHeading>{view.kind === 'loaded' ? view.title : t('admin.membership')}</StepHeading>
      {view.kind === 'loading' && <p role="status">{t('admin.loading')}</p>}
      {view.kind === 'failed' && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error ?? t('admin.error')}</RetryAlert>
      )}
      {view.kind === 'notFound' && <Alert>{t('admin.membershipNotFound')}</Alert>}
      {view.kind === 'loaded' && <LoadedMembership actorRef={actorRef} view={view} />}
      {/* Issue 32 point 4: the athlete's answers to the team's questions. */}
      {view.kind === 'loaded' && <MembershipAnswers membershipId={view.membershipId} athlete={view.summary.athlete} />}
    </AdminPage>
  );
}

function LoadedMembership({ actorRef, view }: { actorRef: AdminMembershipActorRef; view: Loaded }) {
  const t = useT();
  const { summary, panel } = view;
  return (
    <>
      <dl className="membership-summary">
        <Term name={t('admin.athlete')}>{summary.athlete}</Term>
        <Term name={t('admin.guardian')}>
          {summary.guardian} ({summary.guardianEmail})
        </Term>
        <Term name={t('admin.team')}>{summary.team}</Term>
        <Term name={t('admin.season')}>{summary.season}</Term>
        <Term name={t('admin.plan')}>{summary.plan}</Term>
        {summary.assistance !== null && <Term name={t('helpPaying.financialAssistance')}>{summary.assistance}</Term>}
        <Term name={t('admin.paid')}>{summary.paid}</Term>
        <Term name={t('admin.remaining')}>{summary.remaining}</Term>
        <Term name={t('admin.status')}>{text(summary.status)}</Term>
        <Term name={t('admin.card')}>{cardText(summary.card)}</Term>
        {summary.waiverAgreed !== null && <Term name={t('admin.waiver')}>{text(summary.waiverAgreed)}</Term>}
      </dl>
      {summary.signedWaiver !== null && (
        <SignedWaiver
          waiver={summary.signedWaiver}
          busy={view.busy}
          onDownload={() => actorRef.send({ type: 'DOWNLOAD_WAIVER' })}
        />
      )}
      <div className="membership-messages">
        {view.progress !== null && <p role="status">{text(view.progress)}</p>}
        {view.notice !== null && <Alert tone="success">{text(view.notice)}</Alert>}
        {view.actionError !== null && <Alert>{view.actionError}</Alert>}
      </div>
      <PaymentsTable actorRef={actorRef} view={view} />
      {panel.kind === 'refund' && <MembershipRefund actorRef={panel.refundRef} />}
      {panel.kind === 'offline' && (
        <MembershipOfflineForm
          actorRef={actorRef}
          phaseLabel={panel.phaseLabel}
          error={panel.error}
          fieldErrors={panel.fieldErrors}
          busy={panel.busy}
        />
      )}
      {panel.kind === 'cancel' && (
        <MembershipCancelForm
          actorRef={actorRef}
          error={panel.error}
          fieldErrors={panel.fieldErrors}
          busy={panel.busy}
        />
      )}
      {view.canCancel && panel.kind === 'none' && (
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            disabled={view.busy}
            onClick={() => actorRef.send({ type: 'CANCEL_SCHEDULE' })}
          >
            {t('admin.cancelSchedule')}
          </button>
        </div>
      )}
      <h2>{t('admin.emailsSent')}</h2>
      {view.emails.length === 0 ? (
        <p>{t('admin.noEmails')}</p>
      ) : (
        <TableWrap label={t('admin.emailsSent')}>
          <caption>{t('admin.emailsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.subject')}</th>
              <th scope="col">{t('admin.to')}</th>
              <th scope="col">{t('admin.sent')}</th>
            </tr>
          </thead>
          <tbody>
            {view.emails.map((email) => (
              <tr key={email.key}>
                <td>{email.subject}</td>
                <td>{email.to}</td>
                <td>{consoleDate(email.sentAt)}</td>
              </tr>
            ))}
          </tbody>
        </TableWrap>
      )}
      <h2>{t('admin.staffActions')}</h2>
      {view.audit.length === 0 ? (
        <p>{t('admin.noStaffActions')}</p>
      ) : (
        <TableWrap label={t('admin.staffActions')}>
          <caption>{t('admin.staffActionsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.who')}</th>
              <th scope="col">{t('admin.action')}</th>
              <th scope="col">{t('admin.beforeAfter')}</th>
              <th scope="col">{t('admin.reason')}</th>
              <th scope="col">{t('admin.when')}</th>
            </tr>
          </thead>
          <tbody>
            {view.audit.map((row) => (
              <tr key={row.id}>
                <td>{row.who ?? t('admin.automatic')}</td>
                <td>{text(row.action)}</td>
                <td>{row.change}</td>
                <td>{row.reason}</td>
                <td>{consoleDate(row.when)}</td>
              </tr>
            ))}
          </tbody>
        </TableWrap>
      )}
    </>
  );
}

function PaymentsTable({ actorRef, view }: { actorRef: AdminMembershipActorRef; view: Loaded }) {
  const t = useT();
  return (
    <>
      <h2>{t('admin.payments')}</h2>
      <TableWrap label={t('admin.payments')}>
        <caption>{t('admin.paymentsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.instalment')}</th>
            <th scope="col">{t('admin.due')}</th>
            <th scope="col">{t('admin.amount')}</th>
            <th scope="col">{t('admin.status')}</th>
            <th scope="col">{t('admin.paidOn')}</th>
            <th scope="col">{t('admin.refunded')}</th>
            <th scope="col">{t('admin.paidOffline')}</th>
            {view.canManage && <th scope="col">{t('admin.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {view.phases.map((phase) => (
            <tr key={phase.id}>
              <th scope="row">{phase.label}</th>
              <td>{consoleDate(phase.due)}</td>
              <td>{phase.amount}</td>
              <td>{text(phase.status)}</td>
              <td>{consoleDate(phase.paidAt)}</td>
              <td>{phase.refunded === null ? '' : text(phase.refunded)}</td>
              <td>{offlineText(phase)}</td>
              {view.canManage && (
                <td className="membership-actions">
                  {phase.canRefund && (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('admin.refundHeading', { phase: phase.label })}
                      disabled={view.busy}
                      onClick={() => actorRef.send({ type: 'REFUND', phaseId: phase.id })}
                    >
                      {t('admin.refund')}
                    </button>
                  )}
                  {phase.canRetry && (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('admin.retryPhaseLabel', { phase: phase.label })}
                      disabled={view.busy}
                      onClick={() => actorRef.send({ type: 'RETRY_PHASE', phaseId: phase.id })}
                    >
                      {t('admin.retryNow')}
                    </button>
                  )}
                  {phase.canMarkOffline && (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={t('admin.markPaidOfflineHeading', { phase: phase.label })}
                      disabled={view.busy}
                      onClick={() => actorRef.send({ type: 'MARK_OFFLINE', phaseId: phase.id })}
                    >
                      {t('admin.paidOffline')}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </TableWrap>
    </>
  );
}

/** Issue 32 point 3: the signed waiver on record, and its PDF. */
function SignedWaiver({
  waiver,
  busy,
  onDownload,
}: {
  waiver: NonNullable<Loaded['summary']['signedWaiver']>;
  busy: boolean;
  onDownload: () => void;
}) {
  const t = useT();
  return (
    <section className="signed-waiver" aria-labelledby="signed-waiver-heading">
      <h2 id="signed-waiver-heading">{t('signedWaiver.heading')}</h2>
      <dl className="membership-summary">
        <Term name={t('signedWaiver.version')}>{text(waiver.version)}</Term>
        <Term name={t('signedWaiver.agreedAt')}>{consoleDate(waiver.agreedAt)}</Term>
        <Term name={t('signedWaiver.agreedBy')}>{waiver.agreedBy}</Term>
        <Term name={t('signedWaiver.hash')}>{waiver.sha256}</Term>
        <Term name={t('signedWaiver.client')}>{waiver.client}</Term>
      </dl>
      <button type="button" className="button" disabled={busy} onClick={onDownload}>
        {t('signedWaiver.download')}
      </button>
    </section>
  );
}

function Term({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="membership-summary__item">
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}
