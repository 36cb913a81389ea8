import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { playerPageTwoTextSchema } from '../../domain/forms/player-pages';
import { PLAYER_PAGE_TWO_FIELDS } from '../../domain/player-profile';
import { useT } from '../../i18n/use-t';
import {
  canGoBack,
  canGoOn,
  type Option,
  type PageTwoView,
  type PlayerActorRef,
  pageTwoStart,
  pageTwoView,
  shownError,
} from '../../machines/player.connect';
import { Alert } from '../common/alert';
import { SelectField } from '../common/field';
import { useForm } from '../common/use-form';
import { formValues, type PageTwoField } from './player-form-values';
import { PlayerPageButtons, PlayerPageFrame, submitOrShowErrors } from './player-page-frame';

function Choices({ options }: { options: readonly Option[] }) {
  const t = useT();
  return (
    <>
      <option value="">{t('player.select')}</option>
      {options.map(({ id, name }) => (
        <option key={id} value={id}>
          {name}
        </option>
      ))}
    </>
  );
}

/** The submission's failure (§8): 'Validation error.', the endpoint's errors as a list, or the general text. */
function SubmitError({ errorList, error }: Pick<PageTwoView, 'errorList' | 'error'>) {
  if (errorList !== null) {
    return (
      <Alert>
        <ul className="player-error-list">
          {errorList.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </Alert>
    );
  }
  return error === null ? null : <Alert>{shownError(error)}</Alert>;
}

type ExperienceLabel =
  | 'player.experienceLifting'
  | 'player.experienceAgility'
  | 'player.experienceUpperPlyo'
  | 'player.experienceLowerPlyo';

const EXPERIENCE_FIELDS: ReadonlyArray<[PageTwoField, ExperienceLabel]> = [
  ['experienceLifting', 'player.experienceLifting'],
  ['experienceAgility', 'player.experienceAgility'],
  ['experienceUpperPlyo', 'player.experienceUpperPlyo'],
  ['experienceLowerPlyo', 'player.experienceLowerPlyo'],
];

/** spec §2/§5 Player page 2: four experience levels and a weight goal; 'Back' and 'Next' (which submits). */
export function PlayerPageTwo({ actorRef, canLogOut }: { actorRef: PlayerActorRef; canLogOut: boolean }) {
  const t = useT();
  const view = useSelector(actorRef, pageTwoView, shallowEqual);
  const [start] = useState(() => pageTwoStart(actorRef.getSnapshot()));
  const form = useForm(start, playerPageTwoTextSchema);
  const values = formValues(form.values, PLAYER_PAGE_TWO_FIELDS);
  const next = { type: 'NEXT', values } as const;
  const back = { type: 'BACK', values } as const;
  const canNext = useSelector(actorRef, (snapshot) => canGoOn(snapshot, values));
  const canBack = useSelector(actorRef, (snapshot) => canGoBack(snapshot, values));

  const submit = (event: FormEvent) =>
    submitOrShowErrors(event, { canNext, sendNext: () => actorRef.send(next), showErrors: form.attemptSubmit });

  return (
    <PlayerPageFrame actorRef={actorRef} canLogOut={canLogOut} page={2}>
      <SubmitError errorList={view.errorList} error={view.error} />
      <form onSubmit={submit} noValidate aria-busy={view.busy}>
        {EXPERIENCE_FIELDS.map(([field, label]) => (
          <SelectField key={field} label={t(label)} {...form.bind(field)}>
            <Choices options={view.experienceLevels} />
          </SelectField>
        ))}
        <SelectField label={t('player.weightGoal')} {...form.bind('weightGoal')}>
          <Choices options={view.weightGoals} />
        </SelectField>
        <PlayerPageButtons canNext={canNext} back={{ enabled: canBack, onBack: () => actorRef.send(back) }} />
      </form>
    </PlayerPageFrame>
  );
}
