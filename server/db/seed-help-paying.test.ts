import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { assistanceBudgets, organizationHelpPaying, organizations, seasons } from './schema/index.ts';

const FIXTURES_DOC = readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'fixtures.md'), 'utf8');

const cells = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());

function table(first: string): string[][] {
  const lines = FIXTURES_DOC.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|') && cells(line)[0] === first);
  expect(start, `table '${first}'`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(cells(line));
  }
  return rows;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the "Help paying" fixtures (issue 34) match docs/fixtures.md', () => {
  it('copies the shared fixtures text word for word', () => {
    const flat = FIXTURES_DOC.replace(/\s+/g, ' ');
    expect(flat).toContain(
      "Northside Youth Baseball offers financial assistance with a Spring 2027 budget of 2,000.00 and accepts check or cash with the instructions 'Make checks payable to Northside Youth Baseball and hand them to your coach at the first practice.', holding the seat 14 days. Lakeside Little League offers neither.",
    );
  });

  it('seeds each organization’s offer', async () => {
    const rows = await t.db
      .select({ name: organizations.name, offer: organizationHelpPaying })
      .from(organizations)
      .leftJoin(organizationHelpPaying, eq(organizationHelpPaying.organizationId, organizations.id))
      .orderBy(asc(organizations.id));
    expect(
      rows.map(({ name, offer }) => [
        name,
        offer?.offersAssistance ? 'yes' : 'no',
        offer?.acceptsCheckOrCash ? 'yes' : 'no',
        offer?.acceptsCheckOrCash ? String(offer.checkOrCashHoldDays) : '',
        offer?.acceptsCheckOrCash ? (offer.checkOrCashInstructions ?? '') : '',
      ]),
    ).toEqual(table('help paying organization'));
  });

  it('seeds the budgets', async () => {
    const rows = await t.db
      .select({ season: seasons.name, org: organizations.name, cents: assistanceBudgets.budgetCents })
      .from(assistanceBudgets)
      .innerJoin(seasons, eq(seasons.id, assistanceBudgets.seasonId))
      .innerJoin(organizations, eq(organizations.id, seasons.organizationId));
    expect(
      rows.map((row) => [
        row.season,
        row.org.split(' ')[0],
        (row.cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }),
      ]),
    ).toEqual(table('assistance budget season'));
  });
});
