import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type AdminHomeActorRef, adminHomeView, canLogOut } from '../../machines/admin-home.connect';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { AdminPage } from './admin-page';

/** /admin: the staff member's organizations (with their role) and each one's teams, each a link to its roster. */
export function AdminHomeView({ actorRef }: { actorRef: AdminHomeActorRef }) {
  const view = useSelector(actorRef, adminHomeView);
  const logOut = useSelector(actorRef, canLogOut);
  return (
    <AdminPage onLogOut={logOut ? () => actorRef.send({ type: 'LOG_OUT' }) : undefined}>
      <StepHeading>Club console</StepHeading>
      {view.kind === 'loading' && <p role="status">Loading…</p>}
      {view.kind === 'failed' && <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error}</RetryAlert>}
      {view.kind === 'loaded' && (
        <>
          <p>Logged in as {view.staffName}.</p>
          {view.twoFactorNeededIn.length > 0 && (
            <p>
              {view.twoFactorNeededIn.join(', ')} requires two-step verification to refund, retry, mark paid offline or
              cancel: turn it on under Security.
            </p>
          )}
          {view.securityHref !== null && (
            <p>
              <Link to="/admin/security">Security</Link>: two-step verification
            </p>
          )}
          {view.organizations.length === 0 && <p>You have no role in any organization yet.</p>}
          {view.organizations.map((organization) => (
            <section
              key={organization.id}
              className="admin-organization"
              aria-labelledby={`organization-${organization.id}`}
            >
              <h2 id={`organization-${organization.id}`}>
                {organization.name} <span className="admin-role">({organization.role})</span>
              </h2>
              {organization.setupHref !== null && (
                <p>
                  <Link to="/admin/organizations/$organizationId/setup" params={{ organizationId: organization.id }}>
                    Season set-up
                  </Link>
                  <span className="visually-hidden"> of {organization.name}</span>: seasons, teams, licences, discount
                  codes and team drafts
                </p>
              )}
              {organization.teams.length === 0 ? (
                <p>No teams yet.</p>
              ) : (
                <ul className="admin-list">
                  {organization.teams.map((team) => (
                    <li key={team.id}>
                      <Link className="admin-team" to="/admin/teams/$teamId" params={{ teamId: String(team.id) }}>
                        {team.name}
                      </Link>{' '}
                      <span>{team.season}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </>
      )}
    </AdminPage>
  );
}
