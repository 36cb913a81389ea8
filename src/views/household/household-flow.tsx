import { ConfirmChoice } from '../common/confirm-choice';
import './household.css';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { isRelationshipOption, OTHER_RELATIONSHIP } from '../../domain/relationships';
import { type Message, text, t as translate } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  canCancelInvite,
  canRemove,
  confirmView,
  type GuardianRow,
  type HouseholdActorRef,
  householdView,
  type InviteRow,
  inviteExpiry,
} from '../../machines/household.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { InviteGuardianForm } from './invite-guardian-form';

/**
 * A guardian's or invite's relationship in the language in use: one of the form's choices (stored in English) by the
 * shell's own words for them (common.relationshipOption), a typed one as it was typed. Call it while rendering.
 */
function relationshipText(relationship: string): string {
  return isRelationshipOption(relationship) && relationship !== OTHER_RELATIONSHIP
    ? translate('common.relationshipOption', { option: relationship })
    : relationship;
}

/** /household ("Your household", issue 20 point 4), rendered from the household machine's state. */
export function HouseholdFlow({ actorRef }: { actorRef: HouseholdActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, householdView, shallowEqual);
  return (
    <Page>
      <div className="household">
        <StepHeading>{t('household.heading')}</StepHeading>
        {view.screen === 'loading' && <p role="status">{t('household.loading')}</p>}
        {view.screen === 'error' && (
          <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.loadError}</RetryAlert>
        )}
        {view.screen === 'household' && (
          <>
            <p>{t('household.intro')}</p>
            {view.notice !== null && <Alert tone="success">{text(view.notice)}</Alert>}
            {view.actionError !== null && <Alert>{view.actionError}</Alert>}
            <section className="card" aria-labelledby="household-guardians" aria-busy={view.busy}>
              <h2 id="household-guardians">{t('household.guardiansHeading')}</h2>
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
              <h2 id="household-invites">{t('household.invitesHeading')}</h2>
              {view.invites.length === 0 ? (
                <p>{t('household.noInvites')}</p>
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
          <Link to="/payments">{t('household.backToPayments')}</Link>
        </p>
      </div>
    </Page>
  );
}

function GuardianItem({ actorRef, guardian }: { actorRef: HouseholdActorRef; guardian: GuardianRow }) {
  const t = useT();
  const removable = useSelector(actorRef, (snapshot) => canRemove(snapshot, guardian.id));
  return (
    <li className="household__person">
      <div>
        <p>
          <strong>{guardian.name}</strong>
          {guardian.isYou && ` ${t('household.you')}`}
        </p>
        <p className="household__detail">{guardian.email}</p>
        {guardian.relationship !== null && (
          <p className="household__detail">{relationshipText(guardian.relationship)}</p>
        )}
      </div>
      {!guardian.isYou && (
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('household.removeName', { name: guardian.name })}
          disabled={!removable}
          onClick={() => actorRef.send({ type: 'REMOVE', guardianId: guardian.id })}
        >
          {t('household.remove')}
        </button>
      )}
    </li>
  );
}

function RemoveConfirmation({ actorRef, question }: { actorRef: HouseholdActorRef; question: Message }) {
  const t = useT();
  const { canConfirm, canKeep } = useSelector(actorRef, confirmView, shallowEqual);
  return (
    <ConfirmChoice
      className="household__confirm"
      question={text(question)}
      yes={t('household.yes')}
      no={t('household.no')}
      canConfirm={canConfirm}
      canKeep={canKeep}
      onConfirm={() => actorRef.send({ type: 'CONFIRM_REMOVE' })}
      onKeep={() => actorRef.send({ type: 'KEEP' })}
    />
  );
}

function InviteItem({ actorRef, invite }: { actorRef: HouseholdActorRef; invite: InviteRow }) {
  const t = useT();
  const cancelable = useSelector(actorRef, (snapshot) => canCancelInvite(snapshot, invite.id));
  const expires = inviteExpiry(invite);
  return (
    <li className="household__person">
      <div>
        <p>
          <strong>{invite.name}</strong>
        </p>
        <p className="household__detail">{invite.email}</p>
        <p className="household__detail">{relationshipText(invite.relationship)}</p>
        {expires !== null && <p className="household__detail">{expires}</p>}
      </div>
      <button
        type="button"
        className="button button--secondary"
        aria-label={t('household.cancelInviteFor', { name: invite.name })}
        disabled={!cancelable}
        onClick={() => actorRef.send({ type: 'CANCEL_INVITE', inviteId: invite.id })}
      >
        {t('household.cancelInvite')}
      </button>
    </li>
  );
}
