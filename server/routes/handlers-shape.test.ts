/**
 * docs/architecture.md §7: a route handler parses the request, calls ONE service and answers. Biome keeps the
 * database, mail, billing and concrete providers out of a route's imports; this test reads every handler of
 * server/routes and proves the rest: no handler calls two services, and none reaches deps.db, deps.mailer or
 * deps.providers itself (so no mail, no provider call, no query hides behind `deps`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROUTES = path.dirname(fileURLToPath(import.meta.url));

/**
 * Documented exceptions (docs/architecture.md §7):
 * - sandbox.ts: the sandbox's pages stand in for the card and billing providers' own sites; they drive the sandbox
 *   adapters themselves (Biome limits them to those adapters).
 * - dev-mailbox.ts reads `deps.mailer.kind` to say where new mail goes; it sends nothing.
 */
const SKIPPED_FILES = new Set(['sandbox.ts']);
const ALLOWED_DEPS_READS = new Set(['deps.mailer.kind']);

interface Violation {
  handler: string;
  problem: string;
}

/** The handlers (route callbacks) of one route module and what breaks the rule in each. */
function handlerViolations(fileName: string, source: string): { handlers: number; violations: Violation[] } {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const services = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.includes('/services/')) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) if (!element.isTypeOnly) services.add(element.name.text);
    }
  }

  const violations: Violation[] = [];
  let handlers = 0;
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'app' &&
      ['openapi', 'get', 'post', 'put', 'delete', 'all'].includes(node.expression.name.text)
    ) {
      const first = node.arguments[0];
      const name = first ? first.getText(file) : '?';
      const handler = node.arguments.find((arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg));
      if (handler) {
        handlers += 1;
        const calls: string[] = [];
        // The database handle may be handed to a service (services take `db`), never used in the handler itself.
        const handedToService = (node: ts.Node): boolean =>
          ts.isCallExpression(node.parent) &&
          node.parent.arguments.some((arg) => arg === node) &&
          ts.isIdentifier(node.parent.expression) &&
          services.has(node.parent.expression.text);
        const inspect = (inner: ts.Node): void => {
          if (ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && services.has(inner.expression.text)) {
            calls.push(inner.expression.text);
          }
          if (
            ts.isPropertyAccessExpression(inner) &&
            ts.isIdentifier(inner.expression) &&
            inner.expression.text === 'deps' &&
            ['db', 'mailer', 'providers'].includes(inner.name.text)
          ) {
            const read = ts.isPropertyAccessExpression(inner.parent) ? inner.parent.getText(file) : inner.getText(file);
            if (!ALLOWED_DEPS_READS.has(read) && !(inner.name.text === 'db' && handedToService(inner))) {
              violations.push({ handler: name, problem: `uses ${read}` });
            }
          }
          if (
            ts.isIdentifier(inner) &&
            inner.text === 'db' &&
            !(ts.isPropertyAccessExpression(inner.parent) && inner.parent.name === inner) &&
            !handedToService(inner)
          ) {
            violations.push({ handler: name, problem: 'uses the database handle' });
          }
          ts.forEachChild(inner, inspect);
        };
        inspect(handler);
        if (calls.length > 1)
          violations.push({ handler: name, problem: `calls ${calls.length} services: ${calls.join(', ')}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { handlers, violations };
}

const routeFiles = readdirSync(ROUTES).filter(
  (file) =>
    file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.page.ts') && !SKIPPED_FILES.has(file),
);

describe('route handlers parse, call one service and answer', () => {
  it.each(routeFiles)('%s', (file) => {
    const { violations } = handlerViolations(file, readFileSync(path.join(ROUTES, file), 'utf8'));
    expect(violations).toEqual([]);
  });

  it('finds the handlers it checks', () => {
    const counts = routeFiles.map(
      (file) => handlerViolations(file, readFileSync(path.join(ROUTES, file), 'utf8')).handlers,
    );
    // Every route module but the sandbox's declares at least one handler: a parser that found none would pass anything.
    expect(counts.every((count) => count > 0)).toBe(true);
  });

  it('fails a handler that orchestrates', () => {
    const probe = `
      import { findUser, issueToken } from '../services/users.ts';
      import { type UserJson } from '../services/users.ts';
      export function routes(deps) {
        const { db } = deps;
        app.openapi(loginRoute, async (c) => {
          const user = await findUser(deps, 1);
          await deps.mailer.send({ to: 'a' });
          await deps.providers.payments.retrieveIntent('pi_1');
          await db.select();
          await deps.db.transaction(() => {});
          return c.json(await issueToken(deps, user), 200);
        });
        app.openapi(okRoute, async (c) => c.json(await findUser(db, 2), 200));
        app.openapi(alsoOkRoute, async (c) => c.json(await findUser(deps.db, 3), 200));
        app.get('/dev', (c) => c.text(deps.mailer.kind));
      }`;
    const { handlers, violations } = handlerViolations('probe.ts', probe);
    expect(handlers).toBe(4);
    expect(violations).toEqual([
      { handler: 'loginRoute', problem: 'uses deps.mailer.send' },
      { handler: 'loginRoute', problem: 'uses deps.providers.payments' },
      { handler: 'loginRoute', problem: 'uses the database handle' },
      { handler: 'loginRoute', problem: 'uses deps.db.transaction' },
      { handler: 'loginRoute', problem: 'calls 2 services: findUser, issueToken' },
    ]);
  });
});
