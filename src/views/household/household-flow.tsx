import { ConfirmChoice } from '../common/confirm-choice';
import './household.css';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import {
  canCancelInvite,
  canRemove,
  confirmView,
  type GuardianRow,
  HOUSEHOLD_TEXTS,
  type HouseholdActorRef,
  householdView,
  type InviteRow,
} from '../../machines/household.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { InviteGuardianForm } from './invite-guardian-form';

/** /household ("Your household", issue 20 point 4), rendered from the household machine's state. */
export function HouseholdFlow({ actorRef }: { actorRef: HouseholdActorRef }) {
  const view = useSelector(actorRef, householdView, shallowEqual);
  return (
    <Page>
      <div className="household">
        <StepHeading>{HOUSEHOLD_TEXTS.heading}</StepHeading>
        {view.screen === 'loading' && <p role="status">{HOUSEHOLD_TEXTS.loading}</p>}
        {view.screen === 'error' && (
          <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.loadError}</RetryAlert>
        )}
        {view.screen === 'household' && (
          <>
            <p>{HOUSEHOLD_TEXTS.intro}</p>
            {view.notice !== null && <Alert tone="success">{view.notice}</Alert>}
            {view.actionError !== null && <Alert>{view.actionError}</Alert>}
            <section className="card" aria-labelledby="household-guardians" aria-busy={view.busy}>
              <h2 id="household-guardians">{HOUSEHOLD_TEXTS.guardiansHeading}</h2>
              <ul className="household__list">
                {view.guardians.map((guardian) => (
                  <GuardianItem key={guardian.id} actorRef={actorRef} guardian={guardian} />
                ))}
              </ul>
              {view.confirmQuestion !== null && (
                <RemoveConfirmation actorRef={actorRef} question={view.confirmQuestion} />
              )}
            </section>
            <section className="card" aria-labelledby="household-invites">
              <h2 id="household-invites">{HOUSEHOLD_TEXTS.invitesHeading}</h2>
              {view.invites.length === 0 ? (
                <p>{HOUSEHOLD_TEXTS.noInvites}</p>
              ) : (
                <ul className="household__list">
                  {view.invites.map((invite) => (
                    <InviteItem key={invite.id} actorRef={actorRef} invite={invite} />
                  ))}
                </ul>
              )}
            </section>
            <InviteGuardianForm key={view.formKey} actorRef={actorRef} />
          </>
        )}
        <p>
          <Link to="/payments">{HOUSEHOLD_TEXTS.backToPayments}</Link>
        </p>
      </div>
    </Page>
  );
}

function GuardianItem({ actorRef, guardian }: { actorRef: HouseholdActorRef; guardian: GuardianRow }) {
  const removable = useSelector(actorRef, (snapshot) => canRemove(snapshot, guardian.id));
  return (
    <li className="household__person">
      <div>
        <p>
          <strong>{guardian.name}</strong>
          {guardian.isYou && ` ${HOUSEHOLD_TEXTS.you}`}
        </p>
        <p className="household__detail">{guardian.email}</p>
        {guardian.relationship !== null && <p className="household__detail">{guardian.relationship}</p>}
      </div>
      {!guardian.isYou && (
        <button
          type="button"
          className="button button--secondary"
          aria-label={`${HOUSEHOLD_TEXTS.remove} ${guardian.name}`}
          disabled={!removable}
          onClick={() => actorRef.send({ type: 'REMOVE', guardianId: guardian.id })}
        >
          {HOUSEHOLD_TEXTS.remove}
        </button>
      )}
    </li>
  );
}

function RemoveConfirmation({ actorRef, question }: { actorRef: HouseholdActorRef; question: string }) {
  const { canConfirm, canKeep } = useSelector(actorRef, confirmView, shallowEqual);
  return (
    <ConfirmChoice
      className="household__confirm"
      question={question}
      yes={HOUSEHOLD_TEXTS.yes}
      no={HOUSEHOLD_TEXTS.no}
      canConfirm={canConfirm}
      canKeep={canKeep}
      onConfirm={() => actorRef.send({ type: 'CONFIRM_REMOVE' })}
      onKeep={() => actorRef.send({ type: 'KEEP' })}
    />
  );
}

function InviteItem({ actorRef, invite }: { actorRef: HouseholdActorRef; invite: InviteRow }) {
  const cancelable = useSelector(actorRef, (snapshot) => canCancelInvite(snapshot, invite.id));
  return (
    <li className="household__person">
      <div>
        <p>
          <strong>{invite.name}</strong>
        </p>
        <p className="household__detail">{invite.email}</p>
        <p className="household__detail">{invite.relationship}</p>
        {invite.expires !== null && <p className="household__detail">{invite.expires}</p>}
      </div>
      <button
        type="button"
        className="button button--secondary"
        aria-label={`${HOUSEHOLD_TEXTS.cancelInvite} for ${invite.name}`}
        disabled={!cancelable}
        onClick={() => actorRef.send({ type: 'CANCEL_INVITE', inviteId: invite.id })}
      >
        {HOUSEHOLD_TEXTS.cancelInvite}
      </button>
    </li>
  );
}
