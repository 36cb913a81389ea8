import type { FormEvent } from 'react';
import type { Option } from '../../api/schemas';
import { playerPageTwoTextSchema } from '../../domain/forms/player-pages';
import { PLAYER_PAGE_TWO_FIELDS } from '../../domain/player-profile';
import { Alert } from '../common/alert';
import { SelectField } from '../common/field';
import { useForm } from '../common/use-form';
import type { PlayerActorRef, PlayerSnapshot } from './player-flow';
import { fieldTexts, formValues, type PageTwoField } from './player-form-values';
import { PlayerPageButtons, PlayerPageFrame, submitOrShowErrors } from './player-page-frame';

function Choices({ options }: { options: readonly Option[] }) {
  return (
    <>
      <option value="">Select</option>
      {options.map(({ id, name }) => (
        <option key={id} value={id}>
          {name}
        </option>
      ))}
    </>
  );
}

/** The submission's failure (§8): 'Validation error.', the endpoint's errors as a list, or the general text. */
function SubmitError({ snapshot }: { snapshot: PlayerSnapshot }) {
  if (snapshot.matches({ pageTwo: 'rejected' })) {
    return (
      <Alert>
        <ul className="player-error-list">
          {snapshot.context.errorList.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </Alert>
    );
  }
  if (snapshot.matches({ pageTwo: 'validationError' }) || snapshot.matches({ pageTwo: 'failed' })) {
    return <Alert>{snapshot.context.error}</Alert>;
  }
  return null;
}

const EXPERIENCE_FIELDS: ReadonlyArray<[PageTwoField, string]> = [
  ['experienceLifting', 'Lifting experience'],
  ['experienceAgility', 'Speed ladder experience'],
  ['experienceUpperPlyo', 'Medicine ball experience'],
  ['experienceLowerPlyo', 'Plyometric jump experience'],
];

/** spec §2/§5 Player page 2: four experience levels and a weight goal; 'Back' and 'Next' (which submits). */
export function PlayerPageTwo({ actorRef, snapshot }: { actorRef: PlayerActorRef; snapshot: PlayerSnapshot }) {
  const { form: saved, experienceLevels, weightGoals } = snapshot.context;
  const form = useForm(fieldTexts(saved, PLAYER_PAGE_TWO_FIELDS), playerPageTwoTextSchema);
  const values = formValues(form.values, PLAYER_PAGE_TWO_FIELDS);
  const next = { type: 'NEXT', values } as const;
  const back = { type: 'BACK', values } as const;
  const canNext = snapshot.can(next);

  const submit = (event: FormEvent) =>
    submitOrShowErrors(event, { canNext, sendNext: () => actorRef.send(next), showErrors: form.attemptSubmit });

  return (
    <PlayerPageFrame actorRef={actorRef} snapshot={snapshot} page={2}>
      <SubmitError snapshot={snapshot} />
      <form onSubmit={submit} noValidate aria-busy={snapshot.hasTag('busy')}>
        {EXPERIENCE_FIELDS.map(([field, label]) => (
          <SelectField key={field} label={label} {...form.bind(field)}>
            <Choices options={experienceLevels} />
          </SelectField>
        ))}
        <SelectField label="Weight goal" {...form.bind('weightGoal')}>
          <Choices options={weightGoals} />
        </SelectField>
        <PlayerPageButtons
          canNext={canNext}
          back={{ enabled: snapshot.can(back), onBack: () => actorRef.send(back) }}
        />
      </form>
    </PlayerPageFrame>
  );
}
