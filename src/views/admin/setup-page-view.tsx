import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import {
  type AdminFormActorRef,
  type AdminFormTarget,
  type AdminSetupActorRef,
  adminSetupView,
  consoleInstant,
  isOpen,
  openFormActor,
  pauseTarget,
  plansText,
  type SetupHelpPaying,
  type SetupLicenceRow,
  type SetupLoaded,
  seatsTarget,
} from '../../machines/admin-setup.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { AdminPage } from './admin-page';
import { HelpPayingFacts, HelpPayingForm } from './help-paying-settings';
import {
  CoachLicenceForm,
  DiscountCodeForm,
  DocumentsSettingForm,
  ExceptionForm,
  LicenceForm,
  NewDraftForm,
  PauseForm,
  SeasonForm,
  SeatsForm,
  SettingsForm,
  StaffInviteForm,
  TeamForm,
} from './setup-forms';
import { TableWrap } from './table-wrap';
import './setup.css';
import { formatDisplayDate } from '../../domain/dates';
import { intlLocale } from '../../i18n/runtime';
import { TeamExceptions } from './team-exceptions';
import { TeamQuestionsSection } from './team-questions-section';

/**
 * /admin/organizations/$organizationId/setup (issue 22 point 2): the seasons with their teams (dues, fees, plans) and
 * each team's licences, the coach licences, the settings, the discount codes, the team drafts (point 6) and the staff
 * (point 1); each form opens in place.
 */
export function AdminSetupView({ actorRef }: { actorRef: AdminSetupActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, adminSetupView);
  return (
    <AdminPage>
      <p>
        <a href="/admin">{t('admin.backToClubConsole')}</a>
      </p>
      <StepHeading>
        {view.kind === 'loaded'
          ? t('admin.setupHeadingOf', { organization: view.organizationName })
          : t('admin.seasonSetup')}
      </StepHeading>
      {view.kind === 'loading' && <p role="status">{t('admin.loading')}</p>}
      {view.kind === 'failed' && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error ?? t('admin.error')}</RetryAlert>
      )}
      {view.kind === 'loaded' && <Loaded view={view} actorRef={actorRef} />}
    </AdminPage>
  );
}

function Loaded({ view, actorRef }: { view: SetupLoaded; actorRef: AdminSetupActorRef }) {
  const t = useT();
  const formActor = useSelector(actorRef, openFormActor);
  const open = (target: AdminFormTarget) => actorRef.send({ type: 'OPEN', target });
  const close = () => actorRef.send({ type: 'CLOSE' });
  const shows = (target: AdminFormTarget) => formActor !== undefined && isOpen(view.open, target);
  /** The form of `target` while it is open, else the button that opens it. */
  const slot = (
    target: AdminFormTarget,
    label: ReactNode,
    form: (formActor: AdminFormActorRef) => ReactNode,
    className = 'button',
  ) =>
    formActor !== undefined && isOpen(view.open, target) ? (
      form(formActor)
    ) : (
      <button type="button" className={className} onClick={() => open(target)}>
        {label}
      </button>
    );
  // Issue 34: the owner's help paying settings, read back from the server after each save.
  const helpPayingSection = (settings: SetupHelpPaying) => (
    <section aria-labelledby="setup-help-paying" className="admin-setup__section">
      <h2 id="setup-help-paying">{t('helpPayingSettings.heading')}</h2>
      <p>{t('helpPayingSettings.intro')}</p>
      <HelpPayingFacts settings={settings} />
      {slot(
        { form: 'helpPaying', organizationId: view.organizationId },
        t('helpPayingSettings.change'),
        (form) => (
          <HelpPayingForm actorRef={form} onCancel={close} initial={settings.values} />
        ),
        'button button--secondary',
      )}
    </section>
  );
  const licenceActions = (licence: SetupLicenceRow) => (
    <>
      <button type="button" className="button button--secondary" onClick={() => open(seatsTarget(licence))}>
        {t('admin.changeSeats')}
        <span className="visually-hidden">{t('admin.ofHidden', { name: licence.code })}</span>
      </button>{' '}
      <button type="button" className="button button--secondary" onClick={() => open(pauseTarget(licence))}>
        {licence.paused ? t('admin.resume') : t('admin.pause')}
        <span className="visually-hidden"> {licence.code}</span>
      </button>
    </>
  );
  const licenceForms = (licence: SetupLicenceRow) => (
    <>
      {formActor && shows(seatsTarget(licence)) && (
        <SeatsForm actorRef={formActor} onCancel={close} code={licence.code} seats={licence.seats} />
      )}
      {formActor && shows(pauseTarget(licence)) && (
        <PauseForm actorRef={formActor} onCancel={close} code={licence.code} paused={!licence.paused} />
      )}
    </>
  );
  const licenceTable = (caption: string, licences: SetupLicenceRow[], label: string) => (
    <TableWrap label={label}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin.code')}</th>
          <th scope="col">{t('admin.seats')}</th>
          <th scope="col">{t('admin.claimed')}</th>
          <th scope="col">{t('admin.status')}</th>
          <th scope="col">{t('admin.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {licences.map((licence) => (
          <tr key={licence.code}>
            <th scope="row">
              <a href={licence.link}>{licence.code}</a>
            </th>
            <td>{licence.seats}</td>
            <td>{licence.claimed}</td>
            <td>{text(licence.status)}</td>
            <td>{licenceActions(licence)}</td>
          </tr>
        ))}
      </tbody>
    </TableWrap>
  );
  return (
    <>
      {view.role !== null && <p>{t('admin.yourRole', { role: view.role })}</p>}
      {view.savedText !== null && <Alert tone="success">{text(view.savedText)}</Alert>}

      <section aria-labelledby="setup-seasons" className="admin-setup__section">
        <h2 id="setup-seasons">{t('admin.seasons')}</h2>
        {view.seasons.length === 0 && <p>{t('admin.noSeasons')}</p>}
        {view.seasons.map((season) => (
          <section key={season.id} aria-labelledby={`season-${season.id}`} className="admin-setup__season">
            <h3 id={`season-${season.id}`}>{season.name}</h3>
            <p>{t('admin.seasonDates', { start: season.startDate, first: season.firstInstallmentOn })}</p>
            {view.canEditSetup &&
              slot(
                { form: 'editSeason', seasonId: season.id },
                <>
                  {t('admin.changeSeason')}
                  <span className="visually-hidden"> {season.name}</span>
                </>,
                (form) => (
                  <SeasonForm
                    actorRef={form}
                    onCancel={close}
                    title={t('admin.changeNamed', { name: season.name })}
                    initial={season.values}
                  />
                ),
                'button button--secondary',
              )}
            {season.teams.length === 0 && <p>{t('admin.noTeams')}</p>}
            {season.teams.map((team) => (
              <section key={team.id} aria-labelledby={`team-${team.id}`} className="admin-setup__team">
                <h4 id={`team-${team.id}`}>{team.name}</h4>
                <dl className="admin-setup__facts">
                  <dt>{t('admin.totalDues')}</dt>
                  <dd>{team.dues}</dd>
                  <dt>{t('admin.athleteDeposit')}</dt>
                  <dd>{team.deposit}</dd>
                  <dt>{t('admin.paymentPlanFee')}</dt>
                  <dd>{team.planFee}</dd>
                  <dt>{t('admin.appFee')}</dt>
                  <dd>{team.appFeeItemized ? t('admin.appFeeItemized', { amount: team.appFee }) : team.appFee}</dd>
                  <dt>{t('admin.plans')}</dt>
                  <dd>{plansText(team.plans)}</dd>
                  <dt>{t('admin.protectionPlan')}</dt>
                  <dd>{team.protectionPlan ?? t('admin.none')}</dd>
                  {team.ageRule !== null && (
                    <>
                      <dt>{t('eligibility.ageRuleFact')}</dt>
                      <dd>
                        {t('eligibility.bornBetween', {
                          from: formatDisplayDate(team.ageRule.from, 'long', intlLocale()),
                          to: formatDisplayDate(team.ageRule.to, 'long', intlLocale()),
                        })}
                      </dd>
                    </>
                  )}
                  {team.documents.length > 0 && (
                    <>
                      <dt>{t('clubDocuments.fact')}</dt>
                      <dd>{team.documents.join(', ')}</dd>
                    </>
                  )}
                </dl>
                {team.ageRule !== null && view.canGrantExceptions && (
                  <TeamExceptions teamId={team.id} team={team.name} />
                )}
                {team.ageRule !== null &&
                  view.canGrantExceptions &&
                  slot(
                    { form: 'eligibilityException', teamId: team.id },
                    <>
                      {t('eligibility.grantOpen')}
                      <span className="visually-hidden">{t('admin.forHidden', { name: team.name })}</span>
                    </>,
                    (form) => <ExceptionForm actorRef={form} onCancel={close} teamName={team.name} />,
                    'button button--secondary',
                  )}
                {view.canEditSetup &&
                  slot(
                    { form: 'editTeam', teamId: team.id },
                    <>
                      {t('admin.changeTeam')}
                      <span className="visually-hidden"> {team.name}</span>
                    </>,
                    (form) => (
                      <TeamForm
                        actorRef={form}
                        onCancel={close}
                        title={t('admin.changeNamed', { name: team.name })}
                        initial={team.values}
                        protectionPlans={view.protectionPlans}
                        seasonStartDate={season.startDate}
                      />
                    ),
                    'button button--secondary',
                  )}
                {/* Issue 32 point 4: the team's own questions, a section of their own. */}
                <TeamQuestionsSection teamId={team.id} teamName={team.name} canEdit={view.canEditSetup} />
                {team.licences.length === 0 ? (
                  <p>{t('admin.noLicences')}</p>
                ) : (
                  licenceTable(
                    t('admin.licencesOf', { team: team.name }),
                    team.licences,
                    t('admin.scrollable', { name: t('admin.licencesOf', { team: team.name }) }),
                  )
                )}
                {team.licences.map((licence) => (
                  <div key={licence.code}>{licenceForms(licence)}</div>
                ))}
                {slot(
                  { form: 'licence', teamId: team.id },
                  <>
                    {t('admin.newLicence')}
                    <span className="visually-hidden">{t('admin.forHidden', { name: team.name })}</span>
                  </>,
                  (form) => (
                    <LicenceForm actorRef={form} onCancel={close} teamName={team.name} />
                  ),
                )}
              </section>
            ))}
            {view.canEditSetup &&
              slot(
                { form: 'team', seasonId: season.id },
                <>
                  {t('admin.newTeam')}
                  <span className="visually-hidden">{t('admin.inHidden', { name: season.name })}</span>
                </>,
                (form) => (
                  <TeamForm
                    actorRef={form}
                    onCancel={close}
                    title={t('admin.newTeamIn', { season: season.name })}
                    protectionPlans={view.protectionPlans}
                    seasonStartDate={season.startDate}
                  />
                ),
              )}
          </section>
        ))}
        {view.canEditSetup &&
          slot({ form: 'season', organizationId: view.organizationId }, t('admin.newSeason'), (form) => (
            <SeasonForm actorRef={form} onCancel={close} />
          ))}
      </section>

      {view.canEditSetup && (
        <section aria-labelledby="setup-coach-licences" className="admin-setup__section">
          <h2 id="setup-coach-licences">{t('admin.coachLicences')}</h2>
          {view.coachLicences.length === 0 ? (
            <p>{t('admin.noCoachLicences')}</p>
          ) : (
            licenceTable(
              t('admin.coachLicences'),
              view.coachLicences,
              t('admin.scrollable', { name: t('admin.coachLicences') }),
            )
          )}
          {view.coachLicences.map((licence) => (
            <div key={licence.code}>{licenceForms(licence)}</div>
          ))}
          {slot({ form: 'coachLicence', organizationId: view.organizationId }, t('admin.newCoachLicence'), (form) => (
            <CoachLicenceForm actorRef={form} onCancel={close} />
          ))}
        </section>
      )}

      {view.canEditSetup && (
        <section aria-labelledby="setup-settings" className="admin-setup__section">
          <h2 id="setup-settings">{t('admin.settings')}</h2>
          <dl className="admin-setup__facts">
            <dt>{t('admin.waiver')}</dt>
            <dd>{view.waiver === '' ? t('admin.none') : view.waiver}</dd>
            <dt>{t('admin.waiverEs')}</dt>
            {/* What the organization wrote in Spanish (issue 31 point 4), read as Spanish whatever the console's language. */}
            <dd lang={view.waiverEs === '' ? undefined : 'es'}>
              {view.waiverEs === '' ? t('admin.none') : view.waiverEs}
            </dd>
            <dt>{t('admin.householdDiscount')}</dt>
            <dd>{text(view.householdDiscount)}</dd>
          </dl>
          {slot({ form: 'settings', organizationId: view.organizationId }, t('admin.changeSettings'), (form) => (
            <SettingsForm
              actorRef={form}
              onCancel={close}
              initial={{
                waiver: view.waiver,
                waiver_es: view.waiverEs,
                second_percent: view.secondPercent,
                further_percent: view.furtherPercent,
              }}
            />
          ))}
          <h3 id="setup-documents-setting">{t('clubDocuments.settingHeading')}</h3>
          <p>{view.deleteDocumentsAfterApproval ? t('clubDocuments.settingDelete') : t('clubDocuments.settingKeep')}</p>
          {slot(
            { form: 'documentsSetting', organizationId: view.organizationId },
            t('clubDocuments.settingChange'),
            (form) => (
              <DocumentsSettingForm
                actorRef={form}
                onCancel={close}
                initial={{ delete_after_approval: view.deleteDocumentsAfterApproval ? 'true' : 'false' }}
              />
            ),
            'button button--secondary',
          )}
        </section>
      )}

      {view.helpPaying !== null && helpPayingSection(view.helpPaying)}

      <section aria-labelledby="setup-discount-codes" className="admin-setup__section">
        <h2 id="setup-discount-codes">{t('admin.discountCodes')}</h2>
        {view.discountCodes.length === 0 ? (
          <p>{t('admin.noDiscountCodes')}</p>
        ) : (
          <TableWrap label={t('admin.scrollable', { name: t('admin.discountCodes') })}>
            <caption>{t('admin.discountCodes')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.code')}</th>
                <th scope="col">{t('admin.discount')}</th>
                <th scope="col">{t('admin.status')}</th>
              </tr>
            </thead>
            <tbody>
              {view.discountCodes.map((code) => (
                <tr key={code.code}>
                  <th scope="row">{code.code}</th>
                  <td>{text(code.amount)}</td>
                  <td>{text(code.active)}</td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
        )}
        {slot({ form: 'discountCode', organizationId: view.organizationId }, t('admin.newDiscountCode'), (form) => (
          <DiscountCodeForm actorRef={form} onCancel={close} />
        ))}
      </section>

      <section aria-labelledby="setup-drafts" className="admin-setup__section">
        <h2 id="setup-drafts">{t('admin.teamDrafts')}</h2>
        <p>{t('admin.draftsIntro')}</p>
        {view.drafts.length === 0 ? (
          <p>{t('admin.noDrafts')}</p>
        ) : (
          <TableWrap label={t('admin.scrollable', { name: t('admin.teamDrafts') })}>
            <caption>{t('admin.teamDrafts')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.draft')}</th>
                <th scope="col">{t('admin.startedFrom')}</th>
                <th scope="col">{t('admin.lastSaved')}</th>
              </tr>
            </thead>
            <tbody>
              {view.drafts.map((draft) => (
                <tr key={draft.id}>
                  <th scope="row">
                    <Link to="/admin/drafts/$draftId" params={{ draftId: String(draft.id) }}>
                      {draft.name}
                    </Link>
                  </th>
                  <td>{draft.startedFrom ?? t('admin.noTeam')}</td>
                  <td>{consoleInstant(draft.savedAt, true)}</td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
        )}
        {view.teams.length > 0 &&
          slot({ form: 'draft', organizationId: view.organizationId }, t('admin.newDraft'), (form) => (
            <NewDraftForm actorRef={form} onCancel={close} teams={view.teams} />
          ))}
      </section>

      {view.canManageStaff && (
        <section aria-labelledby="setup-staff" className="admin-setup__section">
          <h2 id="setup-staff">{t('admin.staff')}</h2>
          {view.staff !== null && (
            <TableWrap label={t('admin.scrollable', { name: t('admin.staff') })}>
              <caption>{t('admin.staffOf', { organization: view.organizationName })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.name')}</th>
                  <th scope="col">{t('admin.email')}</th>
                  <th scope="col">{t('admin.roleHeader')}</th>
                </tr>
              </thead>
              <tbody>
                {view.staff.members.map((member) => (
                  <tr key={member.id}>
                    <th scope="row">{member.name}</th>
                    <td>{member.email}</td>
                    <td>{text(member.role)}</td>
                  </tr>
                ))}
              </tbody>
            </TableWrap>
          )}
          {view.staff !== null && view.staff.invites.length > 0 && (
            <TableWrap label={t('admin.scrollable', { name: t('admin.pendingInvitations') })}>
              <caption>{t('admin.pendingInvitations')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.name')}</th>
                  <th scope="col">{t('admin.email')}</th>
                  <th scope="col">{t('admin.roleHeader')}</th>
                  <th scope="col">{t('admin.linkExpires')}</th>
                </tr>
              </thead>
              <tbody>
                {view.staff.invites.map((invite) => (
                  <tr key={invite.id}>
                    <th scope="row">{invite.name}</th>
                    <td>{invite.email}</td>
                    <td>{text(invite.role)}</td>
                    <td>{consoleInstant(invite.expiresOn, false)}</td>
                  </tr>
                ))}
              </tbody>
            </TableWrap>
          )}
          <p>{t('admin.inviteIntro')}</p>
          {slot({ form: 'staffInvite', organizationId: view.organizationId }, t('admin.inviteStaff'), (form) => (
            <StaffInviteForm actorRef={form} onCancel={close} teams={view.teams} />
          ))}
        </section>
      )}
    </>
  );
}
