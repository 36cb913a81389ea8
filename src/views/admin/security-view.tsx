import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
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
  const view = useSelector(actorRef, adminSecurityView);
  return (
    <AdminPage>
      <p className="admin-back">
        <Link to="/admin">Back to the console</Link>
      </p>
      <StepHeading>Security</StepHeading>
      {view.kind === 'loading' && <p role="status">Loading…</p>}
      {view.kind === 'failed' && <RetryAlert onRetry={() => actorRef.send({ type: 'RETRY' })}>{view.error}</RetryAlert>}
      {view.kind === 'loaded' && (
        <>
          {view.error !== null && <Alert>{view.error}</Alert>}
          <section aria-labelledby="security-two-factor" className="admin-setup__section">
            <h2 id="security-two-factor">Two-step verification</h2>
            {view.blockedIn.length > 0 && (
              <p>
                {view.blockedIn.join(', ')} requires two-step verification to refund, retry, mark paid offline or
                cancel. Turn it on here first.
              </p>
            )}
            {view.twoFactor === 'on' && <p role="status">Two-step verification is on.</p>}
            {view.twoFactor === 'unavailable' && <p>Two-step verification is for owners and registrars.</p>}
            {view.twoFactor === 'off' && (
              <>
                <p>After your password, the console will ask for a code from an authenticator app on your phone.</p>
                <div className="button-row">
                  <button
                    type="button"
                    className="button"
                    aria-disabled={view.busy}
                    onClick={() => actorRef.send({ type: 'START' })}
                  >
                    Turn on two-step verification
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
                <p>
                  Keep these recovery codes somewhere safe. Each one works once, in place of a code, if you lose your
                  phone. They are shown only now.
                </p>
                <ol className="security-codes" aria-label="Recovery codes">
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
              <p>
                {organization.required
                  ? 'Everyone who can move money here must use two-step verification.'
                  : 'Two-step verification is not required here.'}
              </p>
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
                  {organization.required ? 'Stop requiring two-step verification' : 'Require two-step verification'}
                  <span className="visually-hidden"> in {organization.name}</span>
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
  const { code, setCode, missing, submit } = useCodeEntry((typed) => actorRef.send({ type: 'CONFIRM', code: typed }));
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <p>
        Add this key to your authenticator app (or {uri !== null ? <a href={uri}>open it in the app</a> : 'scan it'}),
        then enter the 6-digit code the app shows.
      </p>
      <p>
        Key: <code data-testid="totp-secret">{secret}</code>
      </p>
      <TextField
        label="Code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        error={missing ?? error ?? undefined}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          Turn on
        </button>
      </div>
    </form>
  );
}
