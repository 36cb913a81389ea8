import { ConfirmChoice } from '../common/confirm-choice';
import './waitlist.css';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { formatHoldUntil } from '../../domain/dates';
import { heldOnListText } from '../../domain/waitlist';
import { intlLocale, text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  type WaitlistActorRef,
  type WaitlistStatus,
  type WaitlistView,
  waitlistView,
} from '../../machines/waitlist.connect';
import { Alert } from '../common/alert';
import { Page } from '../common/page';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';

/** /waitlist (issue 21 point 3), rendered from the waitlist machine's state. */
export function WaitlistFlow({ actorRef }: { actorRef: WaitlistActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, waitlistView, shallowEqual);
  switch (view.screen) {
    case 'none':
      // Looking up or joining: the loading overlay shows and announces it.
      return <Page>{null}</Page>;
    case 'failed':
      return (
        <Page>
          <section className="card">
            <StepHeading>{t('waitlist.title')}</StepHeading>
            <RetryAlert
              canRetry={view.canRetry}
              onRetry={() => actorRef.send({ type: 'RETRY' })}
              actions={<BackToTeam license={view.license} />}
            >
              {view.error}
            </RetryAlert>
          </section>
        </Page>
      );
    case 'left':
      return (
        <Page>
          <section className="card">
            <StepHeading>{text(view.message)}</StepHeading>
            <div className="button-row">
              <button
                type="button"
                className="button"
                disabled={!view.canJoin}
                onClick={() => actorRef.send({ type: 'JOIN' })}
              >
                {t('waitlist.join')}
              </button>
              <BackToTeam license={view.license} />
            </div>
          </section>
        </Page>
      );
    case 'onList':
      return <OnListView actorRef={actorRef} view={view} />;
  }
}

function OnListView({
  actorRef,
  view,
}: {
  actorRef: WaitlistActorRef;
  view: Extract<WaitlistView, { screen: 'onList' }>;
}) {
  const t = useT();
  // Once the question was asked, the button that asked it takes the focus back when it returns (No, or a failure).
  const asked = useRef(false);
  if (view.confirming) asked.current = true;
  return (
    <Page>
      <section className="card waitlist">
        <StepHeading>{text(view.heading)}</StepHeading>
        <Alert tone={view.offered ? 'success' : 'info'}>{statusText(view.status)}</Alert>
        {view.error !== null && <Alert>{view.error}</Alert>}
        {view.offered && (
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={!view.canContinue}
              onClick={() => actorRef.send({ type: 'CONTINUE' })}
            >
              {t('waitlist.continue')}
            </button>
          </div>
        )}
        {view.confirming ? (
          <LeaveConfirmation actorRef={actorRef} canConfirm={view.canConfirm} canKeep={view.canKeep} />
        ) : (
          <LeaveButton
            focusOnMount={asked.current}
            disabled={!view.canLeave}
            onLeave={() => actorRef.send({ type: 'LEAVE' })}
          />
        )}
      </section>
    </Page>
  );
}

/** The place on the list, or until when the offer holds the seat (its date and time in the language in use). */
function statusText(status: WaitlistStatus): string {
  if (status.kind === 'position') return text(status.message);
  return text(heldOnListText(formatHoldUntil(status.expiresAt, intlLocale())));
}

function LeaveButton({
  focusOnMount,
  disabled,
  onLeave,
}: {
  focusOnMount: boolean;
  disabled: boolean;
  onLeave: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only where the button appears again
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, []);
  return (
    <div className="button-row">
      <button type="button" className="button button--secondary" ref={ref} disabled={disabled} onClick={onLeave}>
        {t('waitlist.leave')}
      </button>
    </div>
  );
}

function BackToTeam({ license }: { license: string }) {
  const t = useT();
  return (
    <Link to="/licenses/$license" params={{ license }} className="button button--secondary">
      {t('waitlist.backToTeam')}
    </Link>
  );
}

function LeaveConfirmation({
  actorRef,
  canConfirm,
  canKeep,
}: {
  actorRef: WaitlistActorRef;
  canConfirm: boolean;
  canKeep: boolean;
}) {
  const t = useT();
  return (
    <ConfirmChoice
      className="waitlist__confirm"
      question={t('waitlist.leaveQuestion')}
      yes={t('waitlist.leaveYes')}
      no={t('waitlist.leaveNo')}
      canConfirm={canConfirm}
      canKeep={canKeep}
      onConfirm={() => actorRef.send({ type: 'CONFIRM_LEAVE' })}
      onKeep={() => actorRef.send({ type: 'KEEP' })}
    />
  );
}
