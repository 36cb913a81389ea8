import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, toIsoDate } from '../../src/domain/dates.ts';
import { licenceClaims, licences, mailOutbox, registrationProgress } from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { registrationReminderMail } from '../mail/registration-reminder-mail.ts';
import { continueLink, RETENTION_DAYS, sendRegistrationReminders } from '../services/registration-progress.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { JOBS, momentOf, QUEUES } from './jobs.ts';

/**
 * Issue 21 point 2: the reminders of an unfinished registration, sent by the collector run's job
 * (server/billing/jobs.ts) through `POST /api/staff/billing/run {as_of}`: 24 hours after the last save, again at 72,
 * none after 'Start over', payment, a pause or the last seat gone (unless the family claimed it), each once even when
 * runs race. On PostgreSQL too (server-pg runs every app-harness file), where the racing runs use separate connections.
 */

let t: TestApp;
/** The saves happen at SAVED_AT (10:00 UTC); every run as of a date stands for that date at 10:00. */
const SAVED_AT = new Date('2026-11-26T10:00:00Z');
const day = (offset: number) => toIsoDate(addDays(SAVED_AT, offset));

beforeEach(async () => {
  t = await createTestApp();
  t.setNow(SAVED_AT);
});
afterEach(() => t.close());

const PAT = 'parent@example.com';
const SUBJECT = 'Finish registering';

async function save(login: string, overrides: Record<string, unknown> = {}) {
  const answer = await t.call('PUT', '/api/registrations/progress', {
    token: await t.tokenFor(login),
    body: {
      license: 'TIGERS-2027',
      flow: 'payment',
      machine_version: 'payment@1',
      step: 'payment-2',
      athlete_id: null,
      snapshot: { context: { plan: 3 } },
      ...overrides,
    },
  });
  expect(answer.status, answer.text).toBe(200);
}

async function runAsOf(asOf: string) {
  const answer = await t.call('POST', '/api/staff/billing/run', { token: DEFAULT_STAFF_TOKEN, body: { as_of: asOf } });
  expect(answer.status, answer.text).toBe(200);
}

const reminders = () =>
  t.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `${SUBJECT}%`))
    .orderBy(mailOutbox.id);

describe('the reminders of an unfinished registration', () => {
  it('e-mails the guardian 24 hours after the last save, once more at 72 hours, then never', async () => {
    await save(PAT, { athlete_id: await userId(t.db, 'samrivera') });
    await runAsOf(day(0));
    expect(await reminders()).toEqual([]);

    await runAsOf(day(1));
    await runAsOf(day(1));
    const [first, ...more] = await reminders();
    expect(more).toEqual([]);
    const link = continueLink(t.deps.env, 'TIGERS-2027');
    expect(link).toMatch(/\/continue\?license=TIGERS-2027$/);
    expect(first).toMatchObject({
      to: PAT,
      subject: 'Finish registering Sam Rivera for 12U Tigers',
      text: [
        'Hello Pat Rivera,',
        '',
        'You started registering Sam Rivera for 12U Tigers (Spring 2027) but did not finish.',
        'Everything you chose is saved. Log in and continue where you left off:',
        link,
        '',
        "Not registering after all? Choose 'Start over' on the site and we will not remind you again.",
      ].join('\n'),
    });
    expect(first?.html).toContain(`<a href="${link}">`);

    await runAsOf(day(2));
    expect(await reminders()).toHaveLength(1);
    await runAsOf(day(3));
    await runAsOf(day(3));
    const all = await reminders();
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ to: PAT, subject: 'Finish registering Sam Rivera for 12U Tigers' });
    expect(all[1]?.text).toContain(
      'This is a last reminder: the registration of Sam Rivera for 12U Tigers (Spring 2027) is not finished yet.',
    );
    await runAsOf(day(4));
    await runAsOf(day(10));
    expect(await reminders()).toHaveLength(2);
  });

  it("says 'your athlete' before one is chosen", async () => {
    await save(PAT);
    await runAsOf(day(1));
    expect((await reminders()).map((mail) => mail.subject)).toEqual(['Finish registering your athlete for 12U Tigers']);
  });

  it('waits 24 hours after the first before the second, when the first went out late', async () => {
    await save(PAT);
    await runAsOf(day(4));
    expect(await reminders()).toHaveLength(1);
    await runAsOf(day(4));
    expect(await reminders()).toHaveLength(1);
    await runAsOf(day(5));
    expect(await reminders()).toHaveLength(2);
  });

  it('counts from the last save: a registration worked on again is reminded afresh', async () => {
    await save(PAT);
    await runAsOf(day(1));
    expect(await reminders()).toHaveLength(1);
    t.setNow(new Date(SAVED_AT.getTime() + 2 * 86_400_000));
    await save(PAT, { step: 'payment-3' });
    await runAsOf(day(2));
    await runAsOf(day(3));
    expect(await reminders()).toHaveLength(2);
    // 72 hours after the new save (day 5), the second.
    await runAsOf(day(4));
    expect(await reminders()).toHaveLength(2);
    await runAsOf(day(5));
    expect(await reminders()).toHaveLength(3);
  });

  it("sends none after 'Start over'", async () => {
    await save(PAT);
    const discarded = await t.call('DELETE', '/api/registrations/progress?license=TIGERS-2027', {
      token: await t.tokenFor(PAT),
    });
    expect(discarded.status).toBe(204);
    await runAsOf(day(1));
    await runAsOf(day(3));
    expect(await reminders()).toEqual([]);
  });

  it('sends none once the athlete is paid for on the team, and deletes the row', async () => {
    // Morgan's Jordan paid 12U Tigers (a fixture): a row left for him (another device) is finished.
    await save('member@example.com', { athlete_id: await userId(t.db, 'jordanlee') });
    await runAsOf(day(1));
    expect(await reminders()).toEqual([]);
    expect(await t.db.select().from(registrationProgress)).toEqual([]);
  });

  it('sends none while the licence is paused, and sends it once it is open again', async () => {
    await save(PAT, { license: 'PAUSED-2027' });
    await runAsOf(day(1));
    expect(await reminders()).toEqual([]);
    await t.db.update(licences).set({ paused: false }).where(eq(licences.code, 'PAUSED-2027'));
    await runAsOf(day(1));
    expect(await reminders()).toHaveLength(1);
  });

  it('sends none when no seat is left for the family; a family that claimed one is still reminded', async () => {
    await save(PAT, { license: 'FULL-2027' });
    await runAsOf(day(1));
    expect(await reminders()).toEqual([]);
    const [full] = await t.db.select().from(licences).where(eq(licences.code, 'FULL-2027'));
    // Sam (Pat's household) holds a seat of it.
    await t.db.insert(licenceClaims).values({ licenceId: full!.id, userId: await userId(t.db, 'samrivera') });
    await runAsOf(day(1));
    expect((await reminders()).map((mail) => mail.to)).toEqual([PAT]);
  });

  it(`deletes rows not updated for ${RETENTION_DAYS} days, by the clock`, async () => {
    await save(PAT);
    await save(PAT, { license: 'STORM-2026' });
    const [storm] = await t.db.select().from(licences).where(eq(licences.code, 'STORM-2026'));
    await t.db
      .update(registrationProgress)
      .set({ updatedAt: new Date(SAVED_AT.getTime() - (RETENTION_DAYS - 1) * 86_400_000) })
      .where(eq(registrationProgress.licenseId, storm!.id));
    // A run dated ahead deletes nothing early.
    await runAsOf(day(RETENTION_DAYS + 5));
    expect(await t.db.select().from(registrationProgress)).toHaveLength(2);
    t.setNow(new Date(SAVED_AT.getTime() + 86_400_000));
    await runAsOf(day(1));
    const left = await t.db.select().from(registrationProgress);
    expect(left.map((row) => row.licenseId)).not.toContain(storm!.id);
    expect(left).toHaveLength(1);
  });

  it('sends each e-mail once when runs race (several processes)', async () => {
    const logins = [PAT, 'coparent@example.com', 'member@example.com', 'trial@example.com', 'subscriber@example.com'];
    for (const login of logins) await save(login, { license: 'STORM-2026' });
    const moment = momentOf(day(1), t.deps.now());
    expect(moment.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => sendRegistrationReminders(t.deps, momentOf(day(1), t.deps.now()))),
    );
    expect(results.reduce((sum, result) => sum + result.reminded, 0)).toBe(logins.length);
    expect((await reminders()).map((mail) => mail.to).sort()).toEqual([...logins].sort());
    const seconds = await Promise.all(
      Array.from({ length: 6 }, () => t.deps.jobs.runBillingJobs(day(3), momentOf(day(3), t.deps.now()))),
    );
    const reminded = seconds.map((ran) => ran[QUEUES.registrationReminders]?.reminded ?? 0);
    expect(reminded.reduce((sum, count) => sum + count, 0)).toBe(logins.length);
    expect(await reminders()).toHaveLength(2 * logins.length);
    const rows = await t.db
      .select()
      .from(registrationProgress)
      .where(and(eq(registrationProgress.step, 'payment-2')));
    for (const row of rows) {
      expect(row.firstReminderAt?.toISOString()).toBe('2026-11-27T10:00:00.000Z');
      expect(row.secondReminderAt?.toISOString()).toBe('2026-11-29T10:00:00.000Z');
    }
  });
});

describe('the billing jobs', () => {
  it('count the registration reminders among them', () => {
    expect(JOBS.map((job) => job.queue)).toContain(QUEUES.registrationReminders);
  });
});

describe('momentOf', () => {
  it('is the date at the current time of day (UTC): as of today, now', () => {
    const now = new Date('2026-11-26T18:45:12.345Z');
    expect(momentOf('2026-11-26', now)).toEqual(now);
    expect(momentOf('2026-11-27', now).toISOString()).toBe('2026-11-27T18:45:12.345Z');
    expect(momentOf('2026-03-08', now).toISOString()).toBe('2026-03-08T18:45:12.345Z');
  });
});

describe('registrationReminderMail', () => {
  it('names no athlete when none was chosen, and logs a label instead of the subject', () => {
    const mail = registrationReminderMail({
      to: 'a@example.com',
      name: null,
      athleteName: null,
      teamName: '10U Waves',
      seasonName: null,
      link: 'http://localhost:3000/continue?license=WAVES-2027',
      second: false,
    });
    expect(mail.subject).toBe('Finish registering your athlete for 10U Waves');
    expect(mail.text.split('\n').slice(0, 3)).toEqual([
      'Hello,',
      '',
      'You started registering your athlete for 10U Waves but did not finish.',
    ]);
    expect(mail.logLabel).toBe('registration reminder');
  });
});
