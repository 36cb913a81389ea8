import { shallowEqual, useSelector } from '@xstate/react';
import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { formatDisplayDate } from '../../domain/dates';
import { PROOF_OF_AGE } from '../../domain/documents';
import { AGE_RULE_PRESETS, type AgeRulePreset } from '../../domain/eligibility';
import { adminDiscountCodeFormSchema, EMPTY_ADMIN_DISCOUNT_CODE } from '../../domain/forms/admin-discount-code';
import {
  type AdminDocumentsSettingValues,
  adminDocumentsSettingFormSchema,
} from '../../domain/forms/admin-documents-setting';
import { adminNewDraftFormSchema, EMPTY_ADMIN_NEW_DRAFT } from '../../domain/forms/admin-draft';
import { adminExceptionFormSchema, EMPTY_ADMIN_EXCEPTION } from '../../domain/forms/admin-eligibility-exception';
import {
  adminCoachLicenceFormSchema,
  adminLicenceFormSchema,
  adminSeatsFormSchema,
  EMPTY_ADMIN_COACH_LICENCE,
  EMPTY_ADMIN_LICENCE,
} from '../../domain/forms/admin-licence';
import { type AdminSeasonValues, adminSeasonFormSchema, EMPTY_ADMIN_SEASON } from '../../domain/forms/admin-season';
import { type AdminSettingsValues, adminSettingsValuesSchema } from '../../domain/forms/admin-settings';
import { adminStaffInviteFormSchema, EMPTY_ADMIN_STAFF_INVITE } from '../../domain/forms/admin-staff-invite';
import {
  type AdminTeamValues,
  adminTeamFormSchema,
  documentLinesOf,
  EMPTY_ADMIN_TEAM,
} from '../../domain/forms/admin-team';
import { STAFF_ROLES } from '../../domain/staff';
import { intlLocale } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import type { AdminFormActorRef } from '../../machines/admin-setup.connect';
import { adminFormView, ageRuleRangeOf } from '../../machines/admin-setup.connect';
import { Alert } from '../common/alert';
import { SelectField, TextField } from '../common/field';
import { useForm } from '../common/use-form';
import { WaiverField } from './waiver-field';

/** The monthly plans a team form offers as checkboxes (the schema takes 2 to 24 months, at most 6 plans). */
export const PLAN_MONTH_CHOICES = [3, 6, 9, 12] as const;

export type Form<T extends Record<string, string>> = ReturnType<typeof useForm<T>>;

/**
 * The frame of one set-up form: its heading, the server's refusal (role=alert), the fields, 'Save' and 'Cancel'.
 * Submitting runs the form's shared schema first; the machine guards the submit with the same schema.
 */
export function SetupForm<T extends Record<string, string>>({
  actorRef,
  form,
  title,
  saveLabel,
  onCancel,
  children,
}: {
  actorRef: AdminFormActorRef;
  form: Form<T>;
  title: string;
  saveLabel?: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const view = useSelector(actorRef, adminFormView, shallowEqual);
  // The form's heading takes the focus once, when the form opens (a new step), not on every render.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.attemptSubmit()) actorRef.send({ type: 'SUBMIT', values: form.values });
  };
  const headingId = `form-${title.replaceAll(/\W+/g, '-').toLowerCase()}`;
  return (
    <form
      className="card admin-setup__form"
      onSubmit={submit}
      noValidate
      aria-busy={view.busy}
      aria-labelledby={headingId}
    >
      <h3 id={headingId} tabIndex={-1} ref={heading}>
        {title}
      </h3>
      {view.alert !== null && <Alert>{view.alert}</Alert>}
      {children}
      <div className="button-row">
        <button type="submit" className="button" disabled={view.busy}>
          {view.busy ? t('admin.saving') : (saveLabel ?? t('admin.save'))}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('admin.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A field's error: the schema's (once touched or submitted), else the server's message on that field. */
export function useFieldError(actorRef: AdminFormActorRef) {
  const view = useSelector(actorRef, adminFormView, shallowEqual);
  return <T extends Record<string, string>>(form: Form<T>, name: keyof T & string) =>
    form.visibleError(name) ?? view.fieldErrors[name];
}

export function bound<T extends Record<string, string>>(
  form: Form<T>,
  name: keyof T & string,
  error: string | undefined,
  actorRef: AdminFormActorRef,
) {
  const props = form.bind(name);
  return {
    ...props,
    error,
    onChange: (event: { target: { value: string } }) => {
      props.onChange(event);
      actorRef.send({ type: 'EDIT' });
    },
  };
}

export interface FormProps {
  actorRef: AdminFormActorRef;
  onCancel: () => void;
}

/** A new season, or (with `initial`) a change of one. */
export function SeasonForm({
  actorRef,
  onCancel,
  title,
  initial = EMPTY_ADMIN_SEASON,
}: FormProps & { title?: string; initial?: AdminSeasonValues }) {
  const t = useT();
  const form = useForm(initial, adminSeasonFormSchema);
  const error = useFieldError(actorRef);
  return (
    <SetupForm actorRef={actorRef} form={form} title={title ?? t('admin.newSeason')} onCancel={onCancel}>
      <TextField label={t('admin.seasonName')} {...bound(form, 'name', error(form, 'name'), actorRef)} />
      <TextField
        label={t('admin.startDate')}
        type="date"
        hint={t('admin.dateHint')}
        {...bound(form, 'start_date', error(form, 'start_date'), actorRef)}
      />
      <TextField
        label={t('admin.firstInstalmentDate')}
        type="date"
        hint={t('admin.firstInstalmentHint')}
        {...bound(form, 'first_installment_on', error(form, 'first_installment_on'), actorRef)}
      />
    </SetupForm>
  );
}

/** Issue 32: a team form opens without an age rule unless the team has one (its values then carry it). */
const NO_AGE_RULE = {
  age_rule: '',
  age_custom_date: '',
  age_min: '',
  age_max: '',
  had_age_rule: '',
  required_documents: '',
  had_documents: '',
};

/** A new team offers pay in full only until monthly plans are ticked. */
const NEW_TEAM: AdminTeamValues = { ...EMPTY_ADMIN_TEAM, plan_months: '' };

/** Issue 32: the age rule's presets as the team form lists them (src/domain/eligibility.ts). */
const PRESET_LABELS = {
  'us-soccer': 'eligibility.presetUsSoccer',
  'little-league-baseball': 'eligibility.presetLittleLeagueBaseball',
  'little-league-softball': 'eligibility.presetLittleLeagueSoftball',
  'birth-year': 'eligibility.presetBirthYear',
  custom: 'eligibility.presetCustom',
} as const satisfies Record<AgeRulePreset, string>;

/** A new team of a season, or (with `initial`) a change of one: families who have paid keep what they owe. */
export function TeamForm({
  actorRef,
  onCancel,
  title,
  initial,
  protectionPlans,
  seasonStartDate,
}: FormProps & {
  title: string;
  initial?: AdminTeamValues;
  protectionPlans: { id: number; name: string }[];
  /** The season's start date: its year decides a preset's date (issue 32). */
  seasonStartDate: string;
}) {
  const t = useT();
  const form = useForm({ ...NO_AGE_RULE, ...(initial ?? NEW_TEAM) }, adminTeamFormSchema);
  const error = useFieldError(actorRef);
  const months = form.values.plan_months.split(',').filter((part) => part !== '');
  const toggle = (month: number, checked: boolean) => {
    const next = checked ? [...months, String(month)] : months.filter((part) => part !== String(month));
    form.set('plan_months', next.sort((a, b) => Number(a) - Number(b)).join(','));
    actorRef.send({ type: 'EDIT' });
  };
  const monthsError = error(form, 'plan_months');
  return (
    <SetupForm actorRef={actorRef} form={form} title={title} onCancel={onCancel}>
      {initial !== undefined && <p>{t('admin.newFeesNote')}</p>}
      <TextField label={t('admin.teamName')} {...bound(form, 'name', error(form, 'name'), actorRef)} />
      <TextField
        label={t('admin.totalDuesField')}
        inputMode="decimal"
        {...bound(form, 'total_dues_cents', error(form, 'total_dues_cents'), actorRef)}
      />
      <TextField
        label={t('admin.depositField')}
        inputMode="decimal"
        {...bound(form, 'athlete_deposit_cents', error(form, 'athlete_deposit_cents'), actorRef)}
      />
      <TextField
        label={t('admin.planFeeField')}
        inputMode="decimal"
        {...bound(form, 'payment_plan_fee_cents', error(form, 'payment_plan_fee_cents'), actorRef)}
      />
      <TextField
        label={t('admin.appFeeField')}
        inputMode="decimal"
        {...bound(form, 'total_app_fee_cents', error(form, 'total_app_fee_cents'), actorRef)}
      />
      <div className="field">
        <label>
          <input
            type="checkbox"
            checked={form.values.is_app_fee_itemized === 'true'}
            onChange={(event) => form.set('is_app_fee_itemized', event.target.checked ? 'true' : 'false')}
          />{' '}
          {t('admin.showAppFeeOwnLine')}
        </label>
      </div>
      <SelectField
        label={t('admin.protectionPlan')}
        {...bound(form, 'protection_plan_id', error(form, 'protection_plan_id'), actorRef)}
      >
        <option value="">{t('admin.none')}</option>
        {protectionPlans.map((plan) => (
          <option key={plan.id} value={String(plan.id)}>
            {plan.name}
          </option>
        ))}
      </SelectField>
      <fieldset className="field" aria-describedby={monthsError ? 'team-plan-months-error' : undefined}>
        <legend>{t('admin.monthlyPlansLegend')}</legend>
        {PLAN_MONTH_CHOICES.map((month) => (
          <label key={month} className="admin-setup__check">
            <input
              type="checkbox"
              name="plan_months"
              value={month}
              checked={months.includes(String(month))}
              onChange={(event) => toggle(month, event.target.checked)}
            />{' '}
            {t('admin.monthlyPayments', { months: month })}
          </label>
        ))}
        {monthsError && (
          <p id="team-plan-months-error" className="field-error">
            {monthsError}
          </p>
        )}
      </fieldset>
      <AgeRuleFields form={form} actorRef={actorRef} seasonStartDate={seasonStartDate} />
      <RequiredDocumentsFields form={form} actorRef={actorRef} />
    </SetupForm>
  );
}

/**
 * Issue 32: the team's age rule (a preset or a custom date, the ages allowed on it) and, live, the birth dates it
 * allows: 'Born between {from} and {to}' (admin-setup.connect.ts `ageRuleRangeOf`).
 */
function AgeRuleFields({
  form,
  actorRef,
  seasonStartDate,
}: {
  form: Form<AdminTeamValues>;
  actorRef: AdminFormActorRef;
  seasonStartDate: string;
}) {
  const t = useT();
  const error = useFieldError(actorRef);
  const preset = form.values.age_rule ?? '';
  const range = ageRuleRangeOf(form.values, seasonStartDate);
  const locale = intlLocale();
  return (
    <fieldset className="field admin-setup__age-rule">
      <legend>{t('eligibility.ageRuleLegend')}</legend>
      <SelectField
        label={t('eligibility.ageRuleLabel')}
        {...bound(form, 'age_rule', error(form, 'age_rule'), actorRef)}
      >
        <option value="">{t('eligibility.presetNone')}</option>
        {AGE_RULE_PRESETS.map((value) => (
          <option key={value} value={value}>
            {t(PRESET_LABELS[value])}
          </option>
        ))}
      </SelectField>
      {preset === 'custom' && (
        <TextField
          label={t('eligibility.customDate')}
          type="date"
          {...bound(form, 'age_custom_date', error(form, 'age_custom_date'), actorRef)}
        />
      )}
      {preset !== '' && (
        <div className="grid grid--2">
          <TextField
            label={t('eligibility.minAge')}
            inputMode="numeric"
            {...bound(form, 'age_min', error(form, 'age_min'), actorRef)}
          />
          <TextField
            label={t('eligibility.maxAge')}
            inputMode="numeric"
            {...bound(form, 'age_max', error(form, 'age_max'), actorRef)}
          />
        </div>
      )}
      <p role="status" aria-live="polite" className="admin-setup__born-between">
        {range === null
          ? ''
          : t('eligibility.bornBetween', {
              from: formatDisplayDate(range.from, 'long', locale),
              to: formatDisplayDate(range.to, 'long', locale),
            })}
      </p>
    </fieldset>
  );
}

/**
 * Issue 32 point 2: the documents the team requires of every membership: 'Proof of age' as a box, the club's own
 * documents one per line. Both write the one value `required_documents` (names one per line), whose error (the
 * shared schema's, or the server's) is tied to the group and to the text area.
 */
function RequiredDocumentsFields({ form, actorRef }: { form: Form<AdminTeamValues>; actorRef: AdminFormActorRef }) {
  const t = useT();
  const fieldError = useFieldError(actorRef);
  const error = fieldError(form, 'required_documents');
  const names = documentLinesOf(form.values.required_documents ?? '');
  const proofOfAge = names.includes(PROOF_OF_AGE);
  const others = (form.values.required_documents ?? '')
    .split('\n')
    .filter((line) => line.trim() !== PROOF_OF_AGE)
    .join('\n');
  const write = (withProof: boolean, otherText: string) => {
    const lines = otherText.split('\n');
    form.set('required_documents', (withProof ? [PROOF_OF_AGE, ...lines] : lines).join('\n'));
    actorRef.send({ type: 'EDIT' });
  };
  const errorId = 'team-required-documents-error';
  const hintId = 'team-required-documents-hint';
  return (
    <fieldset className="field admin-setup__documents" aria-describedby={error ? errorId : undefined}>
      <legend>{t('clubDocuments.legend')}</legend>
      <label className="admin-setup__check">
        <input
          type="checkbox"
          name="proof_of_age"
          checked={proofOfAge}
          onChange={(event) => write(event.target.checked, others)}
        />{' '}
        {t('clubDocuments.proofOfAge')}
      </label>
      <div className="field">
        <label htmlFor="team-required-documents">{t('clubDocuments.otherLabel')}</label>
        <textarea
          id="team-required-documents"
          name="required_documents"
          rows={3}
          value={others}
          onChange={(event) => write(proofOfAge, event.target.value)}
          onBlur={() => form.bind('required_documents').onBlur()}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        />
        <p id={hintId} className="field-hint">
          {t('clubDocuments.otherHint')}
        </p>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Issue 32: 'Grant an exception' to a team's age rule (owners, registrars): the athlete by username, or by a
 * guardian's e-mail and the athlete's name, and the reason (audited by the server).
 */
export function ExceptionForm({ actorRef, onCancel, teamName }: FormProps & { teamName: string }) {
  const t = useT();
  const form = useForm(EMPTY_ADMIN_EXCEPTION, adminExceptionFormSchema);
  const error = useFieldError(actorRef);
  return (
    <SetupForm
      actorRef={actorRef}
      form={form}
      title={t('eligibility.grantHeading')}
      saveLabel={t('eligibility.grant')}
      onCancel={onCancel}
    >
      <p>{t('eligibility.grantIntro', { team: teamName })}</p>
      <TextField
        label={t('eligibility.athleteUsername')}
        autoComplete="off"
        autoCapitalize="none"
        {...bound(form, 'athlete_username', error(form, 'athlete_username'), actorRef)}
      />
      <TextField
        label={t('eligibility.guardianEmail')}
        type="email"
        autoComplete="off"
        {...bound(form, 'guardian_email', error(form, 'guardian_email'), actorRef)}
      />
      <TextField
        label={t('eligibility.athleteName')}
        autoComplete="off"
        {...bound(form, 'athlete_name', error(form, 'athlete_name'), actorRef)}
      />
      <TextField label={t('eligibility.reason')} {...bound(form, 'reason', error(form, 'reason'), actorRef)} />
    </SetupForm>
  );
}

export function LicenceForm({ actorRef, onCancel, teamName }: FormProps & { teamName: string }) {
  const t = useT();
  const form = useForm(EMPTY_ADMIN_LICENCE, adminLicenceFormSchema);
  const error = useFieldError(actorRef);
  return (
    <SetupForm actorRef={actorRef} form={form} title={t('admin.newLicenceFor', { team: teamName })} onCancel={onCancel}>
      <TextField
        label={t('admin.licenceCode')}
        hint={t('admin.licenceCodeHint')}
        autoCapitalize="characters"
        {...bound(form, 'code', error(form, 'code'), actorRef)}
      />
      <TextField
        label={t('admin.seats')}
        inputMode="numeric"
        {...bound(form, 'seats', error(form, 'seats'), actorRef)}
      />
    </SetupForm>
  );
}

export function CoachLicenceForm({ actorRef, onCancel }: FormProps) {
  const t = useT();
  const form = useForm(EMPTY_ADMIN_COACH_LICENCE, adminCoachLicenceFormSchema);
  const error = useFieldError(actorRef);
  return (
    <SetupForm actorRef={actorRef} form={form} title={t('admin.newCoachLicence')} onCancel={onCancel}>
      <TextField label={t('admin.coachLicenceCode')} {...bound(form, 'code', error(form, 'code'), actorRef)} />
      <TextField
        label={t('admin.seats')}
        inputMode="numeric"
        {...bound(form, 'seats', error(form, 'seats'), actorRef)}
      />
      <TextField
        label={t('admin.lastDayOptional')}
        type="date"
        hint={t('admin.lastDayHint')}
        {...bound(form, 'expires_on', error(form, 'expires_on'), actorRef)}
      />
    </SetupForm>
  );
}

export function SeatsForm({ actorRef, onCancel, code, seats }: FormProps & { code: string; seats: number }) {
  const t = useT();
  const form = useForm({ available_licenses: String(seats) }, adminSeatsFormSchema);
  const error = useFieldError(actorRef);
  return (
    <SetupForm actorRef={actorRef} form={form} title={t('admin.seatsOf', { code })} onCancel={onCancel}>
      <TextField
        label={t('admin.seats')}
        inputMode="numeric"
        {...bound(form, 'available_licenses', error(form, 'available_licenses'), actorRef)}
      />
    </SetupForm>
  );
}

const NO_VALUES = adminSeatsFormSchema;

export function PauseForm({ actorRef, onCancel, code, paused }: FormProps & { code: string; paused: boolean }) {
  const t = useT();
  // A confirm step: nothing to type, so the form's values always pass.
  const form = useForm({ available_licenses: '0' }, NO_VALUES);
  return (
    <SetupForm
      actorRef={actorRef}
      form={form}
      title={paused ? t('admin.pauseQuestion', { code }) : t('admin.resumeQuestion', { code })}
      saveLabel={paused ? t('admin.pauseLicence') : t('admin.resumeLicence')}
      onCancel={onCancel}
    >
      <p>{paused ? t('admin.pauseNote') : t('admin.resumeNote')}</p>
    </SetupForm>
  );
}

export function SettingsForm({ actorRef, onCancel, initial }: FormProps & { initial: AdminSettingsValues }) {
  const t = useT();
  const form = useForm(initial, adminSettingsValuesSchema);
  const error = useFieldError(actorRef);
  return (
    <SetupForm actorRef={actorRef} form={form} title={t('admin.settings')} onCancel={onCancel}>
      <WaiverField
        id="settings-waiver"
        label={t('admin.waiverText')}
        {...bound(form, 'waiver', error(form, 'waiver'), actorRef)}
      />
      <WaiverField
        id="settings-waiver-es"
        label={t('admin.waiverTextEs')}
        hint={t('admin.waiverEsHint')}
        lang="es"
        {...bound(form, 'waiver_es', error(form, 'waiver_es'), actorRef)}
      />
      <TextField
        label={t('admin.secondPercent')}
        inputMode="numeric"
        hint={t('admin.secondPercentHint')}
        {...bound(form, 'second_percent', error(form, 'second_percent'), actorRef)}
      />
      <TextField
        label={t('admin.furtherPercent')}
        inputMode="numeric"
        {...bound(form, 'further_percent', error(form, 'further_percent'), actorRef)}
      />
    </SetupForm>
  );
}

/**
 * Issue 32 point 2: the organization's documents setting (owners): delete each document's file once it is approved.
 * The server audits the change.
 */
export function DocumentsSettingForm({
  actorRef,
  onCancel,
  initial,
}: FormProps & { initial: AdminDocumentsSettingValues }) {
  const t = useT();
  const form = useForm(initial, adminDocumentsSettingFormSchema);
  const error = useFieldError(actorRef)(form, 'delete_after_approval');
  const hintId = 'documents-setting-hint';
  const errorId = 'documents-setting-error';
  return (
    <SetupForm actorRef={actorRef} form={form} title={t('clubDocuments.settingChange')} onCancel={onCancel}>
      <div className="field">
        <label>
          <input
            type="checkbox"
            name="delete_after_approval"
            checked={form.values.delete_after_approval === 'true'}
            onChange={(event) => {
              form.set('delete_after_approval', event.target.checked ? 'true' : 'false');
              actorRef.send({ type: 'EDIT' });
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          />{' '}
          {t('clubDocuments.settingLabel')}
        </label>
        <p id={hintId} className="field-hint">
          {t('clubDocuments.settingHint')}
        </p>
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </div>
    </SetupForm>
  );
}

export function DiscountCodeForm({ actorRef, onCancel }: FormProps) {
  const t = useT();
  const form = useForm(EMPTY_ADMIN_DISCOUNT_CODE, adminDiscountCodeFormSchema);
  const error = useFieldError(actorRef);
  return (
    <SetupForm actorRef={actorRef} form={form} title={t('admin.newDiscountCode')} onCancel={onCancel}>
      <TextField label={t('admin.discountCode')} {...bound(form, 'code', error(form, 'code'), actorRef)} />
      <TextField
        label={t('admin.percentOffField')}
        inputMode="numeric"
        hint={t('admin.percentOffHint')}
        {...bound(form, 'percent_off', error(form, 'percent_off'), actorRef)}
      />
      <TextField
        label={t('admin.amountOffField')}
        inputMode="decimal"
        {...bound(form, 'flat_discount_cents', error(form, 'flat_discount_cents'), actorRef)}
      />
    </SetupForm>
  );
}

/** A select of the organization's teams ('Choose a team' first), bound to a form's `team_id`. */
function TeamSelect({
  teams,
  ...field
}: ComponentProps<typeof SelectField> & { teams: readonly { id: number; name: string }[] }) {
  const t = useT();
  return (
    <SelectField {...field}>
      <option value="">{t('admin.chooseTeam')}</option>
      {teams.map((team) => (
        <option key={team.id} value={String(team.id)}>
          {team.name}
        </option>
      ))}
    </SelectField>
  );
}

export function StaffInviteForm({
  actorRef,
  onCancel,
  teams,
}: FormProps & { teams: readonly { id: number; name: string }[] }) {
  const t = useT();
  const form = useForm(EMPTY_ADMIN_STAFF_INVITE, adminStaffInviteFormSchema);
  const error = useFieldError(actorRef);
  return (
    <SetupForm
      actorRef={actorRef}
      form={form}
      title={t('admin.inviteStaff')}
      saveLabel={t('admin.sendInvitation')}
      onCancel={onCancel}
    >
      <TextField label={t('admin.name')} autoComplete="off" {...bound(form, 'name', error(form, 'name'), actorRef)} />
      <TextField
        label={t('admin.email')}
        type="email"
        autoComplete="off"
        {...bound(form, 'email', error(form, 'email'), actorRef)}
      />
      <SelectField label={t('admin.roleHeader')} {...bound(form, 'role', error(form, 'role'), actorRef)}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {t('admin.role', { role })}
          </option>
        ))}
      </SelectField>
      {form.values.role === 'coach' && (
        <TeamSelect
          label={t('admin.team')}
          teams={teams}
          {...bound(form, 'team_id', error(form, 'team_id'), actorRef)}
        />
      )}
    </SetupForm>
  );
}

/** A new team draft, copied from one of the organization's teams; saving opens it in the draft editor. */
export function NewDraftForm({
  actorRef,
  onCancel,
  teams,
}: FormProps & { teams: readonly { id: number; name: string }[] }) {
  const t = useT();
  const form = useForm(EMPTY_ADMIN_NEW_DRAFT, adminNewDraftFormSchema);
  const error = useFieldError(actorRef);
  return (
    <SetupForm
      actorRef={actorRef}
      form={form}
      title={t('admin.newDraft')}
      saveLabel={t('admin.createDraft')}
      onCancel={onCancel}
    >
      <TeamSelect
        label={t('admin.startFromTeam')}
        teams={teams}
        {...bound(form, 'team_id', error(form, 'team_id'), actorRef)}
      />
    </SetupForm>
  );
}
