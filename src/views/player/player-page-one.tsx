import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { BIRTH_MONTHS, BIRTH_YEARS, HEIGHT_FEET, HEIGHT_INCHES } from '../../domain/date-lists';
import { playerPageOneTextSchema } from '../../domain/forms/player-pages';
import { GENDER_OPTIONS, PLAYER_PAGE_ONE_FIELDS } from '../../domain/player-profile';
import { intlLocale } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import { canGoOn, type PlayerActorRef, pageOneChoices, pageOneStart, pageOneView } from '../../machines/player.connect';
import { SelectField, TextField } from '../common/field';
import { useForm } from '../common/use-form';
import { formValues } from './player-form-values';
import { PlayerPageButtons, PlayerPageFrame, submitOrShowErrors } from './player-page-frame';

/** A month's name in the language in use ('January', 'enero'). */
function monthName(month: number): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
}

/** spec §2/§5 Player page 1: birth date, height, weight, gender, sport, position, season status. */
export function PlayerPageOne({ actorRef, canLogOut }: { actorRef: PlayerActorRef; canLogOut: boolean }) {
  const t = useT();
  const CHOOSE = <option value="">{t('player.select')}</option>;
  const { sports, positions, seasonStatuses } = useSelector(actorRef, pageOneView, shallowEqual);
  // The page remounts on Back, so what was entered before comes back from the machine.
  const [start] = useState(() => pageOneStart(actorRef.getSnapshot()));
  const form = useForm(start, playerPageOneTextSchema);
  const values = formValues(form.values, PLAYER_PAGE_ONE_FIELDS);
  const next = { type: 'NEXT', values } as const;
  const canNext = useSelector(actorRef, (snapshot) => canGoOn(snapshot, values));
  const { days, positions: sportPositions } = pageOneChoices(positions, values);

  // A day the new month (or year) does not have, or a position of another sport, is no longer a choice.
  const keepDayWithin = (birthMonth: number | null, birthYear: number | null) => {
    const { days: left } = pageOneChoices(positions, { birthMonth, birthYear, sport: values.sport });
    if (values.birthDay !== null && !left.includes(values.birthDay)) form.set('birthDay', '');
  };
  const changeMonth = (text: string) => {
    form.set('birthMonth', text);
    keepDayWithin(formValues({ birthMonth: text }, ['birthMonth']).birthMonth, values.birthYear);
  };
  const changeYear = (text: string) => {
    form.set('birthYear', text);
    keepDayWithin(values.birthMonth, formValues({ birthYear: text }, ['birthYear']).birthYear);
  };
  const changeSport = (text: string) => {
    form.set('sport', text);
    const sport = formValues({ sport: text }, ['sport']).sport;
    const { positions: ofSport } = pageOneChoices(positions, { ...values, sport });
    if (values.position !== null && !ofSport.some(({ id }) => id === values.position)) {
      form.set('position', '');
    }
  };

  const submit = (event: FormEvent) =>
    submitOrShowErrors(event, { canNext, sendNext: () => actorRef.send(next), showErrors: form.attemptSubmit });

  return (
    <PlayerPageFrame actorRef={actorRef} canLogOut={canLogOut} page={1}>
      <form onSubmit={submit} noValidate>
        <fieldset className="player-fieldset">
          <legend>{t('player.birthDate')}</legend>
          <div className="player-grid player-grid--3">
            <SelectField
              label={t('player.birthMonth')}
              {...form.bind('birthMonth')}
              onChange={(event) => changeMonth(event.target.value)}
            >
              {CHOOSE}
              {BIRTH_MONTHS.map(({ value }) => (
                <option key={value} value={value}>
                  {monthName(value)}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('player.birthDay')} {...form.bind('birthDay')}>
              {CHOOSE}
              {days.map((day) => (
                <option key={day} value={day}>
                  {day}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('player.birthYear')}
              {...form.bind('birthYear')}
              onChange={(event) => changeYear(event.target.value)}
            >
              {CHOOSE}
              {BIRTH_YEARS.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </SelectField>
          </div>
        </fieldset>
        <fieldset className="player-fieldset">
          <legend>{t('player.height')}</legend>
          <div className="player-grid player-grid--2">
            <SelectField label={t('player.feet')} {...form.bind('heightFeet')}>
              {CHOOSE}
              {HEIGHT_FEET.map((feet) => (
                <option key={feet} value={feet}>
                  {feet}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('player.inches')} {...form.bind('heightInches')}>
              {CHOOSE}
              {HEIGHT_INCHES.map((inches) => (
                <option key={inches} value={inches}>
                  {inches}
                </option>
              ))}
            </SelectField>
          </div>
        </fieldset>
        <TextField label={t('player.weight')} inputMode="decimal" autoComplete="off" {...form.bind('weight')} />
        <SelectField label={t('player.gender')} {...form.bind('gender')}>
          {CHOOSE}
          {GENDER_OPTIONS.map(({ value }) => (
            <option key={value} value={value}>
              {t('player.genderOption', { gender: value })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('player.sport')}
          {...form.bind('sport')}
          onChange={(event) => changeSport(event.target.value)}
        >
          {CHOOSE}
          {sports.map(({ id, name }) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('player.position')} {...form.bind('position')}>
          {CHOOSE}
          {sportPositions.map(({ id, name }) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('player.seasonStatus')} {...form.bind('seasonStatus')}>
          {CHOOSE}
          {seasonStatuses.map(({ id, name }) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </SelectField>
        <PlayerPageButtons canNext={canNext} />
      </form>
    </PlayerPageFrame>
  );
}
