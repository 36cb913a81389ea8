import { shallowEqual, useSelector } from '@xstate/react';
import { type AdminDraftValues, adminDraftFormSchema } from '../../domain/forms/admin-draft';
import { useT } from '../../i18n/use-t';
import { type AdminDraftActorRef, adminDraftView } from '../../machines/admin-draft.connect';
import { Alert } from '../common/alert';
import { SelectField, TextField } from '../common/field';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { useForm } from '../common/use-form';
import { useGuardedSubmit } from '../common/use-guarded-submit';
import { AdminPage } from './admin-page';
import { WaiverField } from './waiver-field';
import './draft.css';

/**
 * /admin/drafts/$draftId: 'Edit draft', the form beside the family's live preview (an iframe of /draft?draft_id=…,
 * which reloads by itself when a save sends `updated`). Side by side on desktop, stacked on a phone.
 */
export function DraftEditor({ actorRef }: { actorRef: AdminDraftActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, adminDraftView, shallowEqual);
  return (
    <AdminPage>
      <div className="draft-editor">
        <div className="card draft-editor-form">
          <StepHeading>{t('admin.editDraft')}</StepHeading>
          {view.loading && <p aria-live="polite">{t('admin.loadingDraft')}</p>}
          {view.loadError !== null && (
            <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.loadError}</RetryAlert>
          )}
          {view.values !== null && <DraftForm key={view.version} actorRef={actorRef} initial={view.values} />}
        </div>
        {view.previewPath !== null && (
          <iframe className="draft-editor-preview" title={t('admin.draftPreview')} src={view.previewPath} />
        )}
      </div>
    </AdminPage>
  );
}

function DraftForm({ actorRef, initial }: { actorRef: AdminDraftActorRef; initial: AdminDraftValues }) {
  const t = useT();
  const view = useSelector(actorRef, adminDraftView, shallowEqual);
  const form = useForm(initial, adminDraftFormSchema);
  const { canSubmit, submit } = useGuardedSubmit(actorRef, form);
  const error = (name: keyof AdminDraftValues & string) => form.visibleError(name) ?? view.fieldErrors[name];
  return (
    <form onSubmit={submit} noValidate aria-busy={view.busy}>
      {view.alert !== null && <Alert>{view.alert}</Alert>}
      {view.saved && (
        <p role="status" className="draft-editor-saved">
          {t('admin.draftSaved')}
        </p>
      )}
      <TextField label={t('admin.teamName')} {...form.bind('name')} error={error('name')} />
      <SelectField label={t('admin.season')} {...form.bind('season_id')} error={error('season_id')}>
        <option value="">{t('admin.noSeason')}</option>
        {view.seasons.map((season) => (
          <option key={season.value} value={season.value}>
            {season.label}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('admin.totalDuesField')}
        inputMode="decimal"
        {...form.bind('total_dues_cents')}
        error={error('total_dues_cents')}
      />
      <TextField
        label={t('admin.depositField')}
        inputMode="decimal"
        {...form.bind('athlete_deposit_cents')}
        error={error('athlete_deposit_cents')}
      />
      <TextField
        label={t('admin.planFeeField')}
        inputMode="decimal"
        {...form.bind('payment_plan_fee_cents')}
        error={error('payment_plan_fee_cents')}
      />
      <TextField
        label={t('admin.appFeeField')}
        inputMode="decimal"
        {...form.bind('total_app_fee_cents')}
        error={error('total_app_fee_cents')}
      />
      <SelectField
        label={t('admin.appFeeShown')}
        {...form.bind('is_app_fee_itemized')}
        error={error('is_app_fee_itemized')}
      >
        <option value="true">{t('admin.appFeeOwnLine')}</option>
        <option value="false">{t('admin.appFeeIncluded')}</option>
      </SelectField>
      <TextField
        label={t('admin.monthlyPlansField')}
        hint={t('admin.monthlyPlansHint')}
        {...form.bind('plan_months')}
        error={error('plan_months')}
      />
      <SelectField
        label={t('admin.protectionPlan')}
        {...form.bind('protection_plan_id')}
        error={error('protection_plan_id')}
      >
        <option value="">{t('admin.none')}</option>
        {view.protectionPlans.map((plan) => (
          <option key={plan.value} value={plan.value}>
            {plan.label}
          </option>
        ))}
      </SelectField>
      <WaiverField
        id="draft-waiver"
        label={t('admin.waiver')}
        name="waiver"
        value={form.values.waiver}
        onChange={(event) => form.set('waiver', event.target.value)}
        error={error('waiver')}
      />
      <WaiverField
        id="draft-waiver-es"
        label={t('admin.waiverEs')}
        hint={t('admin.waiverEsHint')}
        lang="es"
        name="waiver_es"
        value={form.values.waiver_es}
        onChange={(event) => form.set('waiver_es', event.target.value)}
        error={error('waiver_es')}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={!canSubmit}>
          {t('admin.saveDraft')}
        </button>
      </div>
    </form>
  );
}
