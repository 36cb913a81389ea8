import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import {
  type AdminMembershipActorRef,
  type AdminMembershipView,
  adminMembershipView,
} from '../../machines/admin-membership.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { AdminPage } from './admin-page';
import { MembershipCancelForm, MembershipOfflineForm } from './membership-actions';
import { MembershipRefund } from './membership-refund';
import { TableWrap } from './table-wrap';
import './membership.css';

type Loaded = Extract<AdminMembershipView, { kind: 'loaded' }>;

/**
 * /admin/memberships/$id (issue 22 points 3 and 4): the membership's summary, its payments (with the actions an
 * owner or registrar may take), the e-mails sent and the staff actions; the action panel open now below the payments.
 */
export function MembershipPageView({ actorRef }: { actorRef: AdminMembershipActorRef }) {
  const view = useSelector(actorRef, adminMembershipView, shallowEqual);
  return (
    <AdminPage>
      <StepHeading>{view.kind === 'loaded' ? view.title : 'Membership'}</StepHeading>
      {view.kind === 'loading' && <p role="status">Loading…</p>}
      {view.kind === 'failed' && <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error}</RetryAlert>}
      {view.kind === 'notFound' && <Alert>{view.error}</Alert>}
      {view.kind === 'loaded' && <LoadedMembership actorRef={actorRef} view={view} />}
    </AdminPage>
  );
}

function LoadedMembership({ actorRef, view }: { actorRef: AdminMembershipActorRef; view: Loaded }) {
  const { summary, panel } = view;
  return (
    <>
      <dl className="membership-summary">
        <Term name="Athlete">{summary.athlete}</Term>
        <Term name="Guardian">
          {summary.guardian} ({summary.guardianEmail})
        </Term>
        <Term name="Team">{summary.team}</Term>
        <Term name="Season">{summary.season}</Term>
        <Term name="Plan">{summary.plan}</Term>
        <Term name="Paid">{summary.paid}</Term>
        <Term name="Remaining">{summary.remaining}</Term>
        <Term name="Status">{summary.status}</Term>
        <Term name="Card">{summary.card}</Term>
      </dl>
      <div className="membership-messages">
        {view.progress !== null && <p role="status">{view.progress}</p>}
        {view.notice !== null && <Alert tone="success">{view.notice}</Alert>}
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
            Cancel the remaining schedule
          </button>
        </div>
      )}
      <h2>E-mails sent</h2>
      {view.emails.length === 0 ? (
        <p>No e-mails sent yet.</p>
      ) : (
        <TableWrap label="E-mails sent">
          <caption>E-mails sent about this membership</caption>
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">To</th>
              <th scope="col">Sent</th>
            </tr>
          </thead>
          <tbody>
            {view.emails.map((email) => (
              <tr key={email.key}>
                <td>{email.subject}</td>
                <td>{email.to}</td>
                <td>{email.sentAt}</td>
              </tr>
            ))}
          </tbody>
        </TableWrap>
      )}
      <h2>Staff actions</h2>
      {view.audit.length === 0 ? (
        <p>No staff actions yet.</p>
      ) : (
        <TableWrap label="Staff actions">
          <caption>Staff actions on this membership</caption>
          <thead>
            <tr>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Before → after</th>
              <th scope="col">Reason</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {view.audit.map((row) => (
              <tr key={row.id}>
                <td>{row.who}</td>
                <td>{row.action}</td>
                <td>{row.change}</td>
                <td>{row.reason}</td>
                <td>{row.when}</td>
              </tr>
            ))}
          </tbody>
        </TableWrap>
      )}
    </>
  );
}

function PaymentsTable({ actorRef, view }: { actorRef: AdminMembershipActorRef; view: Loaded }) {
  return (
    <>
      <h2>Payments</h2>
      <TableWrap label="Payments">
        <caption>Payments of this membership</caption>
        <thead>
          <tr>
            <th scope="col">Instalment</th>
            <th scope="col">Due</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Paid on</th>
            <th scope="col">Refunded</th>
            <th scope="col">Paid offline</th>
            {view.canManage && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {view.phases.map((phase) => (
            <tr key={phase.id}>
              <th scope="row">{phase.label}</th>
              <td>{phase.due}</td>
              <td>{phase.amount}</td>
              <td>{phase.status}</td>
              <td>{phase.paidAt}</td>
              <td>{phase.refunded}</td>
              <td>{phase.offline}</td>
              {view.canManage && (
                <td className="membership-actions">
                  {phase.canRefund && (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Refund ${phase.label}`}
                      disabled={view.busy}
                      onClick={() => actorRef.send({ type: 'REFUND', phaseId: phase.id })}
                    >
                      Refund
                    </button>
                  )}
                  {phase.canRetry && (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Retry ${phase.label} now`}
                      disabled={view.busy}
                      onClick={() => actorRef.send({ type: 'RETRY_PHASE', phaseId: phase.id })}
                    >
                      Retry now
                    </button>
                  )}
                  {phase.canMarkOffline && (
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={`Mark ${phase.label} paid offline`}
                      disabled={view.busy}
                      onClick={() => actorRef.send({ type: 'MARK_OFFLINE', phaseId: phase.id })}
                    >
                      Paid offline
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

function Term({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="membership-summary__item">
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}
