import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { rich } from '../../i18n/rich';
import { useT } from '../../i18n/use-t';
import { type AdminSecurityActorRef, adminSecurityView } from '../../machines/admin-security.connect';
import { Alert } from '../common/alert';
import { TextField } from '../common/field';
import { RetryAlert } from '../common/retry-alert';
import { StepHeading } from '../common/step-heading';
import { AdminPage } from './admin-page';
import { useCodeEntry } from './use-code-entry';

/**
 * /admin/security (issue 30 point 2): two-step verification. Off: 'Turn on two-step verification'; then the key to
 * add to an authenticator app, 'Code' and 'Turn on'; then the ten recovery codes, once. An owner requires it of
 * everyone who can move money in their organization.
 */
export function SecurityView({ actorRef }: { actorRef: AdminSecurityActorRef }) {
  const t = useT();
  const view = useSelector(actorRef, adminSecurityView);
  return (
    <AdminPage>
      <p className="admin-back">
        <Link to="/admin">{t('admin.backToConsole')}</Link>
      </p>
      <StepHeading>{t('admin.security')}</StepHeading>
      {view.kind === 'loading' && <p role="status">{t('admin.loading')}</p>}
      {view.kind === 'failed' && (
        <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error ?? t('admin.error')}</RetryAlert>
      )}
      {view.kind === 'loaded' && (
        <>
          {view.error !== null && <Alert>{view.error}</Alert>}
          <section aria-labelledby="security-two-factor" className="admin-setup__section">
            <h2 id="security-two-factor">{t('admin.twoStep')}</h2>
            {view.blockedIn.length > 0 && (
              <p>{t('admin.twoFactorNeededHere', { organizations: view.blockedIn.join(', ') })}</p>
            )}
            {view.twoFactor === 'on' && <p role="status">{t('admin.twoFactorOn')}</p>}
            {view.twoFactor === 'unavailable' && <p>{t('admin.twoFactorUnavailable')}</p>}
            {view.twoFactor === 'off' && (
              <>
                <p>{t('admin.twoFactorIntro')}</p>
                <div className="button-row">
                  <button
                    type="button"
                    className="button"
                    aria-disabled={view.busy}
                    onClick={() => actorRef.send({ type: 'START' })}
                  >
                    {t('admin.turnOnTwoStep')}
                  </button>
                </div>
              </>
            )}
            {view.twoFactor === 'scanning' && view.secret !== null && (
              <CodeForm
                actorRef={actorRef}
                secret={view.secret}
                uri={view.uri}
                error={view.codeError}
                busy={view.busy}
              />
            )}
            {view.recoveryCodes !== null && (
              <>
                <p>{t('admin.recoveryCodesIntro')}</p>
                <ol className="security-codes" aria-label={t('admin.recoveryCodes')}>
                  {view.recoveryCodes.map((code) => (
                    <li key={code}>
                      <code>{code}</code>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
          {view.organizations.map((organization) => (
            <section
              key={organization.id}
              aria-labelledby={`security-organization-${organization.id}`}
              className="admin-setup__section"
            >
              <h2 id={`security-organization-${organization.id}`}>{organization.name}</h2>
              <p>{organization.required ? t('admin.twoFactorRequired') : t('admin.twoFactorNotRequired')}</p>
              <div className="button-row">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-disabled={view.busy}
                  onClick={() =>
                    actorRef.send({
                      type: 'REQUIRE',
                      organizationId: organization.id,
                      required: !organization.required,
                    })
                  }
                >
                  {organization.required ? t('admin.stopRequiring') : t('admin.requireTwoStep')}
                  <span className="visually-hidden">{t('admin.inHidden', { name: organization.name })}</span>
                </button>
              </div>
            </section>
          ))}
        </>
      )}
    </AdminPage>
  );
}

/** The key to add to the app and the code that confirms it: one labelled field, its refusal tied to it. */
function CodeForm({
  actorRef,
  secret,
  uri,
  error,
  busy,
}: {
  actorRef: AdminSecurityActorRef;
  secret: string;
  uri: string | null;
  error: string | null;
  busy: boolean;
}) {
  const t = useT();
  const { code, setCode, missing, submit } = useCodeEntry((typed) => actorRef.send({ type: 'CONFIRM', code: typed }));
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <p>
        {uri !== null
          ? // biome-ignore lint/a11y/useAnchorContent: rich() puts the text's <0>…</0> part inside the link
            rich(t('admin.addKeyWithLink'), [<a key="uri" href={uri} />])
          : t('admin.addKey')}
      </p>
      <p>
        {t('admin.key')} <code data-testid="totp-secret">{secret}</code>
      </p>
      <TextField
        label={t('admin.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        error={missing ?? error ?? undefined}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {t('admin.turnOn')}
        </button>
      </div>
    </form>
  );
}
