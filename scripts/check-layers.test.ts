/**
 * The layer rules of biome.json (design.md §10: routes → views → connect → machines → domain / api / session /
 * providers; on the server routes → services → db, with billing, mail, providers, http and server/domain each
 * allowed their own imports, docs/architecture.md §7) fail `npm run lint`. Probe files that break a rule, and some that keep it, are linted with the project's
 * own Biome and biome.json in a scratch copy of the folders, so the working tree is never touched.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

/** Probe path → its one import; every probe re-exports what it imports, so no other rule fires. */
const PROBES: Record<string, string> = {
  'src/machines/probe.machine.ts': '../views/payment/payment-flow',
  'src/machines/probe-route.machine.ts': '../routes/payment.route',
  'src/machines/probe-flows.machine.ts': '../flows/machine-catalog',
  'src/machines/probe-domain.machine.ts': '../domain/payment-rules',
  'src/views/payment/probe-machine.tsx': '../../machines/payment.machine',
  'src/views/payment/probe-connect.tsx': '../../machines/payment.connect',
  'src/views/payment/probe-domain.tsx': '../../domain/payment-rules',
  'src/views/payment/probe-render.test.tsx': '../../machines/payment.machine',
  'src/domain/probe-api.ts': '../api/errors',
  'src/domain/probe-session.ts': '../session/current-user',
  'src/domain/probe-money.ts': './money.ts',
  'src/api/probe-machine.ts': '../machines/payment.machine',
  'src/api/probe-views.ts': '../views/common/field',
  'src/providers/billing/probe-views.tsx': '../../views/common/field',
  'src/providers/realtime/probe-machine.ts': '../../machines/payment.machine',
  'src/providers/billing/probe-route.ts': '../../routes/subscribe.route',
  'src/providers/billing/probe-api.ts': '../../api/sandbox',
  'src/providers/billing/probe-render.test.tsx': '../../views/common/field',
  'src/views/payment/probe-api.tsx': '../../api/schemas',
  'src/views/payment/probe-session.tsx': '../../session/current-user',
  'src/views/payment/probe-provider.tsx': '../../providers/card-payments/types',
  'src/views/payment/probe-session.test.tsx': '../../session/current-user',
  'src/session/probe-machine.ts': '../machines/login.machine',
  'src/session/probe-views.ts': '../views/common/field',
  'src/session/probe-provider.ts': '../providers/realtime/draft-channel.actor',
  'src/session/probe-server.ts': '../../server/db/client.ts',
  'src/session/probe-api.ts': '../api/auth',
  'src/routes/probe-server.ts': '../../server/app.ts',
  'src/routes/probe-machine.ts': '../machines/payment.machine',
  'src/routes/probe-session.ts': '../session/current-user',
  'src/routes/probe-react-dom.tsx': 'react-dom/server',
  'src/domain/probe-server.ts': '../../server/domain/payment-plans.ts',
  'src/domain/forms/probe-server.ts': '../../../server/http/openapi.ts',
  // The server (docs/architecture.md §7 Layers).
  'server/routes/probe-schema.ts': '../db/schema/index.ts',
  'server/routes/probe-client.ts': '../db/client.ts',
  'server/routes/probe-drizzle.ts': 'drizzle-orm',
  'server/routes/probe-mail.ts': '../mail/mailer.ts',
  'server/routes/probe-stripe.ts': '../providers/payments/stripe-payments.ts',
  'server/routes/probe-service.ts': '../services/checkout/index.ts',
  'server/routes/probe-checkout-inside.ts': '../services/checkout/lease.ts',
  'server/billing/probe-checkout-inside.ts': '../services/checkout/record.ts',
  'server/routes/probe-billing.ts': '../billing/collector.ts',
  'server/routes/probe-provider-types.ts': '../providers/types.ts',
  'server/routes/probe-setup.test.ts': '../db/schema/index.ts',
  'server/routes/sandbox.ts': '../db/client.ts',
  'server/services/probe-route.ts': '../routes/auth.ts',
  'server/services/probe-hono.ts': 'hono',
  'server/services/probe-http-auth.ts': '../http/auth.ts',
  'server/services/probe-stripe.ts': '../providers/payments/stripe-payments.ts',
  'server/services/probe-db.ts': '../db/client.ts',
  'server/services/probe-errors.ts': '../http/errors.ts',
  'server/services/probe-origin.ts': '../http/origin.ts',
  'server/billing/probe-route.ts': '../routes/payments.ts',
  'server/billing/probe-http-auth.ts': '../http/auth.ts',
  'server/billing/probe-origin.ts': '../http/origin.ts',
  'server/billing/probe-service.ts': '../services/licences.ts',
  'server/mail/probe-service.ts': '../services/users.ts',
  'server/mail/probe-billing.ts': '../billing/phases.ts',
  'server/mail/probe-db.ts': '../db/client.ts',
  'server/providers/probe-service.ts': '../services/tokens.ts',
  'server/providers/probe-schema.ts': '../db/schema/index.ts',
  'server/providers/payments/probe-billing.ts': '../../billing/phases.ts',
  'server/providers/probe-own-schema.ts': '../db/schema/providers.ts',
  'server/providers/payments/probe-sibling.ts': '../billing/sandbox-billing.ts',
  'server/http/probe-route.ts': '../routes/auth.ts',
  'server/http/probe-drizzle.ts': 'drizzle-orm',
  'server/http/probe-service.ts': '../services/tokens.ts',
  'server/domain/probe-client.ts': '../db/client.ts',
  'server/domain/probe-service.ts': '../services/users.ts',
  'server/domain/probe-src-domain.ts': '../../src/domain/money.ts',
  'server/db/probe-service.ts': '../services/users.ts',
  'server/db/probe-route.ts': '../routes/auth.ts',
  'server/db/probe-passwords.ts': '../services/passwords.ts',
  'e2e/probe.spec.ts': '@playwright/test',
  'e2e/probe-fixtures.spec.ts': './support/fixtures',
  'e2e/support/probe-helper.ts': '@playwright/test',
};

/** Probes whose import names matter (server/http and server/domain may import row types from db/schema only). */
const SOURCES: Record<string, string> = {
  'server/http/probe-table.ts': "import { users } from '../db/schema/index.ts';\nexport { users };\n",
  'server/http/probe-row.ts': "import type { UserRow } from '../db/schema/index.ts';\nexport type { UserRow };\n",
  'server/domain/probe-table.ts': "import { memberships } from '../db/schema/index.ts';\nexport { memberships };\n",
  'server/domain/probe-row.ts':
    "import type { SubscriptionRow } from '../db/schema/index.ts';\nexport type { SubscriptionRow };\n",
};

let scratch: string;
let flagged: Set<string>;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'check-layers-'));
  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
  delete config.$schema;
  // The scratch folder is no git checkout: the project's VCS settings would only make Biome refuse it.
  config.vcs = { enabled: false };
  writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
  const sources = {
    ...Object.fromEntries(Object.entries(PROBES).map(([file, from]) => [file, `export * from '${from}';\n`])),
    ...SOURCES,
  };
  for (const [file, source] of Object.entries(sources)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), source);
  }
  const run = spawnSync(BIOME, ['lint', '--only=style/noRestrictedImports', '--max-diagnostics=none', '.'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  const output = `${run.stdout}${run.stderr}`;
  flagged = new Set([...output.matchAll(/^(\S+):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map((m) => m[1]!));
  // A clean run exits 0; anything flagged must make the lint fail, as `npm run lint` does.
  expect(run.status).toBe(flagged.size > 0 ? 1 : 0);
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('layer rules in npm run lint', () => {
  it.each([
    ['a machine importing a view', 'src/machines/probe.machine.ts'],
    ['a machine importing a route', 'src/machines/probe-route.machine.ts'],
    ['a machine importing the /flows page', 'src/machines/probe-flows.machine.ts'],
    ['a view importing a *.machine file', 'src/views/payment/probe-machine.tsx'],
    ['the domain importing the API layer', 'src/domain/probe-api.ts'],
    ['the domain importing the session', 'src/domain/probe-session.ts'],
    ['the API layer importing a machine', 'src/api/probe-machine.ts'],
    ['the API layer importing a view', 'src/api/probe-views.ts'],
    ['a provider importing a view', 'src/providers/billing/probe-views.tsx'],
    ['a provider importing a machine', 'src/providers/realtime/probe-machine.ts'],
    ['a provider importing a route', 'src/providers/billing/probe-route.ts'],
    ['a view importing the API layer', 'src/views/payment/probe-api.tsx'],
    ['a view importing the session', 'src/views/payment/probe-session.tsx'],
    ['a view importing a provider', 'src/views/payment/probe-provider.tsx'],
    ['the session importing the API layer (the API layer imports the session)', 'src/session/probe-api.ts'],
    ['the session importing a machine', 'src/session/probe-machine.ts'],
    ['the session importing a view', 'src/session/probe-views.ts'],
    ['the session importing a provider', 'src/session/probe-provider.ts'],
    ["the session importing the server's code", 'src/session/probe-server.ts'],
    ["a route importing the server's code", 'src/routes/probe-server.ts'],
    ["the domain importing the server's code", 'src/domain/probe-server.ts'],
    ["a domain form importing the server's code", 'src/domain/forms/probe-server.ts'],
  ])('fails on %s', (_, file) => {
    expect(flagged).toContain(file);
  });

  it.each([
    ['a view test importing the session', 'src/views/payment/probe-session.test.tsx'],
    ['a route creating a machine', 'src/routes/probe-machine.ts'],
    ['a route reading the session', 'src/routes/probe-session.ts'],
    ["a route rendering with react-dom's server entry", 'src/routes/probe-react-dom.tsx'],
    ['a machine importing the domain', 'src/machines/probe-domain.machine.ts'],
    ["a view importing its flow's connect module", 'src/views/payment/probe-connect.tsx'],
    ['a view importing the domain', 'src/views/payment/probe-domain.tsx'],
    // A test stands where the route does: it creates the actor it renders.
    ['a view test creating the machine', 'src/views/payment/probe-render.test.tsx'],
    ['the domain importing the domain', 'src/domain/probe-money.ts'],
    ['a provider importing the API layer', 'src/providers/billing/probe-api.ts'],
    ['a provider test importing a view', 'src/providers/billing/probe-render.test.tsx'],
  ])('allows %s', (_, file) => {
    expect(flagged).not.toContain(file);
  });
});

describe('server layer rules in npm run lint', () => {
  it.each([
    ['a route importing the schema', 'server/routes/probe-schema.ts'],
    ['a route importing the database client', 'server/routes/probe-client.ts'],
    ['a route importing drizzle', 'server/routes/probe-drizzle.ts'],
    ['a route importing mail', 'server/routes/probe-mail.ts'],
    ['a route importing a billing job', 'server/routes/probe-billing.ts'],
    ['a route importing a concrete provider', 'server/routes/probe-stripe.ts'],
    ['a route importing a file of the checkout home beside its door', 'server/routes/probe-checkout-inside.ts'],
    ['a billing job importing a file of the checkout home beside its door', 'server/billing/probe-checkout-inside.ts'],
    ["the sandbox's pages importing the database", 'server/routes/sandbox.ts'],
    ['a service importing a route', 'server/services/probe-route.ts'],
    ['a service importing hono', 'server/services/probe-hono.ts'],
    ['a service importing the auth middleware', 'server/services/probe-http-auth.ts'],
    ['a service importing a concrete provider', 'server/services/probe-stripe.ts'],
    ['a billing job importing a route', 'server/billing/probe-route.ts'],
    ['a billing job importing the auth middleware', 'server/billing/probe-http-auth.ts'],
    ['mail importing a service', 'server/mail/probe-service.ts'],
    ['mail importing billing', 'server/mail/probe-billing.ts'],
    ['a provider importing a service', 'server/providers/probe-service.ts'],
    ['a provider importing the shared schema', 'server/providers/probe-schema.ts'],
    ['a provider importing a billing job', 'server/providers/payments/probe-billing.ts'],
    ['server/http importing a route', 'server/http/probe-route.ts'],
    ['server/http importing drizzle', 'server/http/probe-drizzle.ts'],
    ['server/http importing a table', 'server/http/probe-table.ts'],
    ['server/domain importing the database client', 'server/domain/probe-client.ts'],
    ['server/domain importing a service', 'server/domain/probe-service.ts'],
    ['server/domain importing a table', 'server/domain/probe-table.ts'],
    ['server/db importing a service', 'server/db/probe-service.ts'],
    ['server/db importing a route', 'server/db/probe-route.ts'],
    ["a browser test importing Playwright's own test (not the CSP fixture)", 'e2e/probe.spec.ts'],
  ])('fails on %s', (_, file) => {
    expect(flagged).toContain(file);
  });

  it.each([
    ['a route importing a service', 'server/routes/probe-service.ts'],
    ['a route importing the provider types', 'server/routes/probe-provider-types.ts'],
    ['a route test setting up rows', 'server/routes/probe-setup.test.ts'],
    ['a service importing the database', 'server/services/probe-db.ts'],
    ['a service throwing ApiError', 'server/services/probe-errors.ts'],
    ['a service building a site link', 'server/services/probe-origin.ts'],
    ['a billing job building a site link', 'server/billing/probe-origin.ts'],
    ['a billing job importing a service', 'server/billing/probe-service.ts'],
    ['mail writing the outbox', 'server/mail/probe-db.ts'],
    ['a sandbox provider importing its own tables', 'server/providers/probe-own-schema.ts'],
    ['a provider importing a sibling adapter', 'server/providers/payments/probe-sibling.ts'],
    ['server/http reading through a service', 'server/http/probe-service.ts'],
    ['server/http importing a row type', 'server/http/probe-row.ts'],
    ['server/domain importing a row type', 'server/domain/probe-row.ts'],
    ['server/domain importing src/domain', 'server/domain/probe-src-domain.ts'],
    ['the seed hashing passwords', 'server/db/probe-passwords.ts'],
    ['a browser test importing the CSP fixture', 'e2e/probe-fixtures.spec.ts'],
    ['an e2e helper importing Playwright', 'e2e/support/probe-helper.ts'],
  ])('allows %s', (_, file) => {
    expect(flagged).not.toContain(file);
  });
});
