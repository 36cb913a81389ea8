import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { type AdminHomeActorRef, adminHomeView, canLogOut } from '../../machines/admin-home.connect';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { AdminPage } from './admin-page';

/**
 * /admin: the staff member's organizations (with their role) and each one's teams, each a link to its roster; for
 * owners and registrars, the season's picture (issue 33 point 4), which the page gives as `seasonPicture`.
 */
export function AdminHomeView({
  actorRef,
  seasonPicture,
}: {
  actorRef: AdminHomeActorRef;
  seasonPicture?: (organizationId: number) => ReactNode;
}) {
  const t = useT();
  const view = useSelector(actorRef, adminHomeView);
  const logOut = useSelector(actorRef, canLogOut);
  return (
    <AdminPage onLogOut={logOut ? () => actorRef.send({ type: 'LOG_OUT' }) : undefined}>
      <StepHeading>{t('admin.brand')}</StepHeading>
      {view.kind === 'loading' && <p role="status">{t('admin.loading')}</p>}
      {view.kind === 'failed' && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error ?? t('admin.error')}</RetryAlert>
      )}
      {view.kind === 'loaded' && (
        <>
          <p>{t('admin.loggedInAs', { name: view.staffName })}</p>
          {view.twoFactorNeededIn.length > 0 && (
            <p>{t('admin.twoFactorNeededHome', { organizations: view.twoFactorNeededIn.join(', ') })}</p>
          )}
          {view.securityHref !== null && (
            <p>
              <Link to="/admin/security">{t('admin.security')}</Link>
              {t('admin.securityLinkAfter')}
            </p>
          )}
          {view.billingHref !== null && (
            <p>
              <Link to="/admin/billing">{t('billing.navLink')}</Link>
            </p>
          )}
          {view.assistanceHref !== null && (
            <p>
              <Link to="/admin/assistance">{t('helpPayingAdmin.navLink')}</Link>
            </p>
          )}
          {view.documentsHref !== null && (
            <p>
              <Link to="/admin/documents">{t('documents.navLink')}</Link>
            </p>
          )}
          {view.organizations.length === 0 && <p>{t('admin.noOrganizations')}</p>}
          {view.organizations.map((organization) => (
            <section
              key={organization.id}
              className="admin-organization"
              aria-labelledby={`organization-${organization.id}`}
            >
              <h2 id={`organization-${organization.id}`}>
                {organization.name} <span className="admin-role">({t('admin.role', { role: organization.role })})</span>
              </h2>
              {organization.setupHref !== null && (
                <p>
                  <Link to="/admin/organizations/$organizationId/setup" params={{ organizationId: organization.id }}>
                    {t('admin.seasonSetup')}
                  </Link>
                  <span className="visually-hidden">
                    {t('admin.setupOfHidden', { organization: organization.name })}
                  </span>
                  {t('admin.setupLinkAfter')}
                </p>
              )}
              {organization.showsSeason && seasonPicture?.(organization.id)}
              {organization.teams.length === 0 ? (
                <p>{t('admin.noTeams')}</p>
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
