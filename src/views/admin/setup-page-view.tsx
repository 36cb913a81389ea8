import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import {
  type AdminFormActorRef,
  type AdminFormTarget,
  type AdminSetupActorRef,
  adminSetupView,
  isOpen,
  openFormActor,
  pauseTarget,
  type SetupLicenceRow,
  type SetupLoaded,
  seatsTarget,
} from '../../machines/admin-setup.connect';
import { Alert } from '../common/alert';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { AdminPage } from './admin-page';
import {
  CoachLicenceForm,
  DiscountCodeForm,
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

/**
 * /admin/organizations/$organizationId/setup (issue 22 point 2): the seasons with their teams (dues, fees, plans) and
 * each team's licences, the coach licences, the settings, the discount codes, the team drafts (point 6) and the staff
 * (point 1); each form opens in place.
 */
export function AdminSetupView({ actorRef }: { actorRef: AdminSetupActorRef }) {
  const view = useSelector(actorRef, adminSetupView);
  return (
    <AdminPage>
      <p>
        <a href="/admin">Back to the club console</a>
      </p>
      <StepHeading>{view.kind === 'loaded' ? `Season set-up: ${view.organizationName}` : 'Season set-up'}</StepHeading>
      {view.kind === 'loading' && <p role="status">Loading…</p>}
      {view.kind === 'failed' && <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error}</RetryAlert>}
      {view.kind === 'loaded' && <Loaded view={view} actorRef={actorRef} />}
    </AdminPage>
  );
}

function Loaded({ view, actorRef }: { view: SetupLoaded; actorRef: AdminSetupActorRef }) {
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
  const licenceActions = (licence: SetupLicenceRow) => (
    <>
      <button type="button" className="button button--secondary" onClick={() => open(seatsTarget(licence))}>
        Change seats<span className="visually-hidden"> of {licence.code}</span>
      </button>{' '}
      <button type="button" className="button button--secondary" onClick={() => open(pauseTarget(licence))}>
        {licence.paused ? 'Resume' : 'Pause'}
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
          <th scope="col">Code</th>
          <th scope="col">Seats</th>
          <th scope="col">Claimed</th>
          <th scope="col">Status</th>
          <th scope="col">Actions</th>
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
            <td>{licence.status}</td>
            <td>{licenceActions(licence)}</td>
          </tr>
        ))}
      </tbody>
    </TableWrap>
  );
  return (
    <>
      <p>Your role: {view.role}.</p>
      {view.savedText !== null && <Alert tone="success">{view.savedText}</Alert>}

      <section aria-labelledby="setup-seasons" className="admin-setup__section">
        <h2 id="setup-seasons">Seasons</h2>
        {view.seasons.length === 0 && <p>No seasons yet.</p>}
        {view.seasons.map((season) => (
          <section key={season.id} aria-labelledby={`season-${season.id}`} className="admin-setup__season">
            <h3 id={`season-${season.id}`}>{season.name}</h3>
            <p>
              Starts {season.startDate}; first instalment {season.firstInstallmentOn}.
            </p>
            {view.canEditSetup &&
              slot(
                { form: 'editSeason', seasonId: season.id },
                <>
                  Change season<span className="visually-hidden"> {season.name}</span>
                </>,
                (form) => (
                  <SeasonForm
                    actorRef={form}
                    onCancel={close}
                    title={`Change ${season.name}`}
                    initial={season.values}
                  />
                ),
                'button button--secondary',
              )}
            {season.teams.length === 0 && <p>No teams yet.</p>}
            {season.teams.map((team) => (
              <section key={team.id} aria-labelledby={`team-${team.id}`} className="admin-setup__team">
                <h4 id={`team-${team.id}`}>{team.name}</h4>
                <dl className="admin-setup__facts">
                  <dt>Total dues</dt>
                  <dd>{team.dues}</dd>
                  <dt>Athlete deposit</dt>
                  <dd>{team.deposit}</dd>
                  <dt>Payment plan fee</dt>
                  <dd>{team.planFee}</dd>
                  <dt>App fee</dt>
                  <dd>{team.appFee}</dd>
                  <dt>Plans</dt>
                  <dd>{team.plans}</dd>
                  <dt>Protection plan</dt>
                  <dd>{team.protectionPlan}</dd>
                </dl>
                {view.canEditSetup &&
                  slot(
                    { form: 'editTeam', teamId: team.id },
                    <>
                      Change team<span className="visually-hidden"> {team.name}</span>
                    </>,
                    (form) => (
                      <TeamForm
                        actorRef={form}
                        onCancel={close}
                        title={`Change ${team.name}`}
                        initial={team.values}
                        protectionPlans={view.protectionPlans}
                      />
                    ),
                    'button button--secondary',
                  )}
                {team.licences.length === 0 ? (
                  <p>No licences yet.</p>
                ) : (
                  licenceTable(`Licences of ${team.name}`, team.licences, `Licences of ${team.name}, scrollable`)
                )}
                {team.licences.map((licence) => (
                  <div key={licence.code}>{licenceForms(licence)}</div>
                ))}
                {slot(
                  { form: 'licence', teamId: team.id },
                  <>
                    New licence<span className="visually-hidden"> for {team.name}</span>
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
                  New team<span className="visually-hidden"> in {season.name}</span>
                </>,
                (form) => (
                  <TeamForm
                    actorRef={form}
                    onCancel={close}
                    title={`New team in ${season.name}`}
                    protectionPlans={view.protectionPlans}
                  />
                ),
              )}
          </section>
        ))}
        {view.canEditSetup &&
          slot({ form: 'season', organizationId: view.organizationId }, 'New season', (form) => (
            <SeasonForm actorRef={form} onCancel={close} />
          ))}
      </section>

      {view.canEditSetup && (
        <section aria-labelledby="setup-coach-licences" className="admin-setup__section">
          <h2 id="setup-coach-licences">Coach licences</h2>
          {view.coachLicences.length === 0 ? (
            <p>No coach licences yet.</p>
          ) : (
            licenceTable('Coach licences', view.coachLicences, 'Coach licences, scrollable')
          )}
          {view.coachLicences.map((licence) => (
            <div key={licence.code}>{licenceForms(licence)}</div>
          ))}
          {slot({ form: 'coachLicence', organizationId: view.organizationId }, 'New coach licence', (form) => (
            <CoachLicenceForm actorRef={form} onCancel={close} />
          ))}
        </section>
      )}

      {view.canEditSetup && (
        <section aria-labelledby="setup-settings" className="admin-setup__section">
          <h2 id="setup-settings">Settings</h2>
          <dl className="admin-setup__facts">
            <dt>Waiver</dt>
            <dd>{view.waiver === '' ? 'None' : view.waiver}</dd>
            <dt>Household discount</dt>
            <dd>{view.householdDiscount}</dd>
          </dl>
          {slot({ form: 'settings', organizationId: view.organizationId }, 'Change settings', (form) => (
            <SettingsForm
              actorRef={form}
              onCancel={close}
              initial={{
                waiver: view.waiver,
                second_percent: view.secondPercent,
                further_percent: view.furtherPercent,
              }}
            />
          ))}
        </section>
      )}

      <section aria-labelledby="setup-discount-codes" className="admin-setup__section">
        <h2 id="setup-discount-codes">Discount codes</h2>
        {view.discountCodes.length === 0 ? (
          <p>No discount codes yet.</p>
        ) : (
          <TableWrap label="Discount codes, scrollable">
            <caption>Discount codes</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {view.discountCodes.map((code) => (
                <tr key={code.code}>
                  <th scope="row">{code.code}</th>
                  <td>{code.amount}</td>
                  <td>{code.active}</td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
        )}
        {slot({ form: 'discountCode', organizationId: view.organizationId }, 'New discount code', (form) => (
          <DiscountCodeForm actorRef={form} onCancel={close} />
        ))}
      </section>

      <section aria-labelledby="setup-drafts" className="admin-setup__section">
        <h2 id="setup-drafts">Team drafts</h2>
        <p>
          A draft starts as a copy of a team. Editing it changes no team: its live preview shows the registration as
          families would see it.
        </p>
        {view.drafts.length === 0 ? (
          <p>No drafts yet.</p>
        ) : (
          <TableWrap label="Team drafts, scrollable">
            <caption>Team drafts</caption>
            <thead>
              <tr>
                <th scope="col">Draft</th>
                <th scope="col">Started from</th>
                <th scope="col">Last saved</th>
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
                  <td>{draft.startedFrom}</td>
                  <td>{draft.savedAt}</td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
        )}
        {view.teams.length > 0 &&
          slot({ form: 'draft', organizationId: view.organizationId }, 'New draft', (form) => (
            <NewDraftForm actorRef={form} onCancel={close} teams={view.teams} />
          ))}
      </section>

      {view.canManageStaff && (
        <section aria-labelledby="setup-staff" className="admin-setup__section">
          <h2 id="setup-staff">Staff</h2>
          {view.staff !== null && (
            <TableWrap label="Staff, scrollable">
              <caption>Staff of {view.organizationName}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                </tr>
              </thead>
              <tbody>
                {view.staff.members.map((member) => (
                  <tr key={member.id}>
                    <th scope="row">{member.name}</th>
                    <td>{member.email}</td>
                    <td>{member.role}</td>
                  </tr>
                ))}
              </tbody>
            </TableWrap>
          )}
          {view.staff !== null && view.staff.invites.length > 0 && (
            <TableWrap label="Pending invitations, scrollable">
              <caption>Pending invitations</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Link expires</th>
                </tr>
              </thead>
              <tbody>
                {view.staff.invites.map((invite) => (
                  <tr key={invite.id}>
                    <th scope="row">{invite.name}</th>
                    <td>{invite.email}</td>
                    <td>{invite.role}</td>
                    <td>{invite.expiresOn}</td>
                  </tr>
                ))}
              </tbody>
            </TableWrap>
          )}
          <p>
            Invite a registrar, a coach (to one team) or another owner: they get an e-mail with a link that works once,
            for 7 days.
          </p>
          {slot({ form: 'staffInvite', organizationId: view.organizationId }, 'Invite staff', (form) => (
            <StaffInviteForm actorRef={form} onCancel={close} teams={view.teams} />
          ))}
        </section>
      )}
    </>
  );
}
