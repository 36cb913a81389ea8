/**
 * Issue 30 point 1, "no insert into memberships outside that one function": `insertMemberships` (record.ts) is the
 * only code in server/ and src/ (services, seeds, fixtures, tests) that inserts a row into the memberships table. The
 * checkouts, the seed's paid families, the console's roster fixtures (server/db/seed-roster.ts) and the tests' and
 * bench's memberships (server/test/admin-money-fixtures.ts) all record through it. This test reads every source file
 * and fails naming each file and line that inserts otherwise: a drizzle `insert(memberships)` (however the table is
 * imported or aliased) or an SQL `INSERT INTO memberships` in a string or template.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RECORD = 'server/services/checkout/record.ts';
const THE_FUNCTION = 'insertMemberships';
/** This file: its probes below insert into memberships on purpose. */
const SELF = path
  .relative(ROOT, fileURLToPath(import.meta.url))
  .split(path.sep)
  .join('/');

const SQL_INSERT = /\binsert\s+into\s+(?:"?public"?\.)?"?memberships(?![\w])/i;

interface Insert {
  /** `file:line`. */
  at: string;
  /** The function declaration (or method) it is written in; null at a module's top level or in an arrow function. */
  inFunction: string | null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(?:[cm]?ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

function enclosingFunction(node: ts.Node): string | null {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if ((ts.isFunctionDeclaration(current) || ts.isMethodDeclaration(current)) && current.name) {
      return current.name.getText();
    }
  }
  return null;
}

/** Every insert into the memberships table written in one source file. */
function membershipInserts(fileName: string, source: string): Insert[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  // The local names of the table: `memberships`, and any alias it is imported under.
  const tableNames = new Set(['memberships']);
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if ((element.propertyName ?? element.name).text === 'memberships') tableNames.add(element.name.text);
    }
  }
  const isTable = (node: ts.Node | undefined): boolean =>
    node !== undefined &&
    ((ts.isIdentifier(node) && tableNames.has(node.text)) ||
      (ts.isPropertyAccessExpression(node) && node.name.text === 'memberships'));
  const found: Insert[] = [];
  const record = (node: ts.Node) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    found.push({ at: `${fileName}:${line}`, inFunction: enclosingFunction(node) });
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'insert' &&
      isTable(node.arguments[0])
    ) {
      record(node);
    }
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) &&
      SQL_INSERT.test(node.text)
    ) {
      record(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the one insert into memberships', () => {
  it(`is ${THE_FUNCTION} in ${RECORD}: no other file of server/ or src/ inserts a membership`, () => {
    const inserts = [...sourceFiles('server'), ...sourceFiles('src')]
      .filter((file) => file !== SELF)
      .flatMap((file) => membershipInserts(file, readFileSync(path.join(ROOT, file), 'utf8')));
    const elsewhere = inserts.filter((insert) => !insert.at.startsWith(`${RECORD}:`));
    expect(
      elsewhere.map((insert) => insert.at),
      `record memberships through ${THE_FUNCTION} (services/checkout/index.ts) instead of inserting them in`,
    ).toEqual([]);
    // The scan sees the one insert there is, and it is in the function.
    const inRecord = inserts.filter((insert) => insert.at.startsWith(`${RECORD}:`));
    expect(inRecord.map((insert) => insert.inFunction)).toEqual([THE_FUNCTION]);
  });

  it('finds every way of writing one, and nothing else', () => {
    const probe = [
      "import { memberships as m, membershipPhases } from '../db/schema/index.ts';",
      "import * as schema from '../db/schema/index.ts';",
      '// tx.insert(memberships) in a comment is no insert',
      'export async function direct(tx) { await tx.insert(memberships).values({}); }',
      'export async function aliased(db) { await db.insert(m).values({}); }',
      'export async function namespaced(db) { await db.insert(schema.memberships).values({}); }',
      'export const raw = (db) => db.execute(sql`INSERT INTO "memberships" (user_id) VALUES (\u0024{1})`);',
      "export const text = 'insert into public.memberships (user_id) values (1)';",
      'export const phases = (db) => db.insert(membershipPhases).values({});',
      "export const other = 'INSERT INTO membership_phases (seq) VALUES (0)';",
      'export const read = (db) => db.select().from(memberships);',
    ].join('\n');
    expect(membershipInserts('probe.ts', probe)).toEqual([
      { at: 'probe.ts:4', inFunction: 'direct' },
      { at: 'probe.ts:5', inFunction: 'aliased' },
      { at: 'probe.ts:6', inFunction: 'namespaced' },
      { at: 'probe.ts:7', inFunction: null },
      { at: 'probe.ts:8', inFunction: null },
    ]);
  });
});
