import './household-add-athlete.css';
import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useId, useState } from 'react';
import { rich } from '../../i18n/rich';
import { useT } from '../../i18n/use-t';
import {
  type AddAthleteActorRef,
  addAthleteStepsOf,
  canCheckTeamCode,
  type TeamChoiceView,
  teamChoiceView,
  teamInUseOf,
} from '../../machines/add-athlete.connect';
import type { AthleteStepsActorRef } from '../../machines/athlete-steps.connect';
import { AthleteStepsView } from '../athletes/athlete-steps-view';
import { StepHeading } from '../common/step-heading';
import { shown } from './shown-text';

/** Issue 20 point 1: the team the added athlete registers for, above the athlete steps, and the ways to change it. */
function TeamLine({
  actorRef,
  steps,
  view,
}: {
  actorRef: AddAthleteActorRef;
  steps: AthleteStepsActorRef;
  view: TeamChoiceView;
}) {
  const t = useT();
  const team = useSelector(steps, teamInUseOf);
  const note = t(view.note);
  return (
    <section className="card household-team" aria-label={t('payment.team')}>
      <p className="household-team__current">
        {rich(t('payment.teamInUse', { team: team ?? '…', note }), [
          <strong key="team" />,
          <span key="note" className="household-team__note" />,
        ])}
      </p>
      {(view.canUsePageTeam || view.canOpen) && (
        <div className="household-team__actions">
          {view.canUsePageTeam && (
            <button type="button" className="link-button" onClick={() => actorRef.send({ type: 'PAGE_TEAM' })}>
              {view.pageTeam ? t('payment.usePageTeamNamed', { team: view.pageTeam }) : t('payment.usePageTeam')}
            </button>
          )}
          {view.canOpen && (
            <button type="button" className="link-button" onClick={() => actorRef.send({ type: 'OTHER_TEAM' })}>
              {t('payment.useOtherTeam')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * Another team's license code (the code of its registration link). The machine checks it and says why it refuses
 * one; the refusal is tied to the field and announced.
 */
function TeamCodeStep({ actorRef, view }: { actorRef: AddAthleteActorRef; view: TeamChoiceView }) {
  const t = useT();
  const [code, setCode] = useState('');
  const ids = useId();
  const { status, error } = view;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canCheckTeamCode(actorRef.getSnapshot(), code)) actorRef.send({ type: 'TEAM_CODE', code });
  };
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  return (
    <form className="card household-team" onSubmit={submit} aria-busy={status === 'checking'} noValidate>
      <StepHeading>{t('payment.anotherTeam')}</StepHeading>
      <div className="field">
        <label htmlFor={`${ids}-code`}>{t('payment.otherTeamCode')}</label>
        <input
          id={`${ids}-code`}
          name="team_license_code"
          autoComplete="off"
          value={code}
          aria-invalid={error !== null ? true : undefined}
          aria-describedby={error !== null ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => setCode(event.target.value)}
        />
        <p id={hintId} className="field-hint">
          {t('payment.otherTeamHint')}
        </p>
        {error !== null && (
          <p id={errorId} className="field-error" role="alert">
            {shown(error)}
          </p>
        )}
      </div>
      <div className="button-row">
        {/* Checking keeps the button focusable (a disabled one drops focus); the machine takes no second check. */}
        <button type="submit" className="button" aria-disabled={status === 'checking'}>
          {t('payment.useThisTeam')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!view.canCancel}
          onClick={() => actorRef.send({ type: 'CANCEL_TEAM' })}
        >
          {t('payment.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * The payment page's 'Add another athlete' (add-athlete.machine.ts, issue 20 point 1): the team in use above the
 * athlete steps' own views, or, while another team's code is entered, that step alone.
 */
export function HouseholdAddAthleteView({ actorRef }: { actorRef: AddAthleteActorRef }) {
  const steps = useSelector(actorRef, addAthleteStepsOf);
  const view = useSelector(actorRef, teamChoiceView, shallowEqual);
  if (view.status !== 'closed') return <TeamCodeStep actorRef={actorRef} view={view} />;
  if (!steps) return null;
  return (
    <>
      <TeamLine actorRef={actorRef} steps={steps} view={view} />
      <AthleteStepsView actorRef={steps} />
    </>
  );
}
