import type { FormEvent, ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import type { PlayerActorRef } from '../../machines/player.connect';
import { BackButton } from '../common/back-button';
import { Page } from '../common/page';
import { StepHeading } from '../common/step-heading';
import { LogoutButton } from './player-logout-button';

/** What both player pages share around their form: the logout header and the 'Page N of 2' heading. */
export function PlayerPageFrame({
  actorRef,
  canLogOut,
  page,
  children,
}: {
  actorRef: PlayerActorRef;
  canLogOut: boolean;
  page: 1 | 2;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Page header={<LogoutButton actorRef={actorRef} enabled={canLogOut} />}>
      <StepHeading>
        {t('player.heading')} <span className="player-step">{t('player.pageOf', { page })}</span>
      </StepHeading>
      {children}
    </Page>
  );
}

/** 'Next' submits when the machine accepts the values; otherwise it shows every field's error. */
export function submitOrShowErrors(
  event: FormEvent,
  { canNext, sendNext, showErrors }: { canNext: boolean; sendNext: () => void; showErrors: () => void },
) {
  event.preventDefault();
  if (canNext) sendNext();
  else showErrors();
}

/** The pages' button row: 'Back' where the page has one, then 'Next', which submits the form. */
export function PlayerPageButtons({
  canNext,
  back,
}: {
  canNext: boolean;
  back?: { enabled: boolean; onBack: () => void };
}) {
  const t = useT();
  return (
    <div className="button-row">
      {back && <BackButton enabled={back.enabled} onBack={back.onBack} />}
      <button type="submit" className="button" disabled={!canNext}>
        {t('player.next')}
      </button>
    </div>
  );
}
