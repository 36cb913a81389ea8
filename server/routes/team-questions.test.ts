import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberships, seasons, teamQuestionAnswers, teams } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { expectError } from '../test/expect-error.ts';
import { teamIdNamed } from '../test/fixture-ids.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * Issue 32 point 4, the club's own questions (docs/api.md "The club's own questions"): 12U Sharks asks 'Jersey size'
 * (a choice, required) and 'Allergies or medical notes' (optional). The checkout needs valid answers for it (and for
 * nothing else), the family reads and changes them until the season starts, the owner edits the list, the registrar
 * and a coach of the team read answers (the coach: their own team only), and the roster CSV has a column per question.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

interface Athlete {
  id: number;
  name: string;
  token: string;
}
interface Question {
  id: number;
  kind: string;
  prompt: string;
  options: string[];
  required: boolean;
}

const LAKESIDE_OWNER = STAFF.otherOwner;
const LAKESIDE_REGISTRAR = 'registrar@lakeside.example';

function ok<T>(answer: { status: number; body: unknown; text: string }): T {
  expect(answer.status, answer.text).toBe(200);
  return answer.body as T;
}

async function sam(): Promise<{ pat: string; sam: Athlete }> {
  const pat = await t.tokenFor('parent@example.com');
  const list = ok<{ user_id: number; name: string; token: string }[]>(
    await t.call('GET', '/api/user/athletes', { token: pat }),
  );
  const found = list.find((athlete) => athlete.name === 'Sam Rivera')!;
  return { pat, sam: { id: found.user_id, name: found.name, token: found.token } };
}

async function enrol(athlete: Athlete, code: string) {
  // 12U Sharks has an age rule (issue 32 point 1): the athlete gives a date of birth it allows first.
  const born = await t.call('PUT', `/api/eligibility/athletes/${athlete.id}/birth-date`, {
    token: athlete.token,
    body: { birth_date: '2015-06-01', license_code: code },
  });
  expect(born.status, born.text).toBe(200);
  const claimed = await t.call('POST', '/api/subscribe/claim-license', {
    token: athlete.token,
    body: { license_code: code },
  });
  expect((claimed.body as { status: string }).status, claimed.text).toBe('OK');
  const latest = await t.call('POST', '/api/user/latest-license', {
    token: athlete.token,
    body: { license_code: code },
  });
  expect(latest.status, latest.text).toBe(200);
}

async function sharksQuestions(): Promise<Question[]> {
  const sharks = await teamIdNamed(t.db, '12U Sharks');
  const token = await staffTokenFor(t.db, LAKESIDE_OWNER);
  return ok<{ questions: Question[] }>(await t.call('GET', `/api/admin/teams/${sharks}/questions`, { token }))
    .questions;
}

const familyCheckout = (token: string, athlete: Athlete, answers?: Record<string, string>) =>
  t.call('POST', '/api/household/checkout', {
    token,
    body: {
      athletes: [{ athlete_id: athlete.id, payment_plan_month: 0, ...(answers ? { answers } : {}) }],
      discount_code: 'FULLRIDE',
      checkout_key: `questions-${Date.now()}`,
    },
  });

/** Sam registered for 12U Sharks (FULLRIDE: recorded at once) with the answers given; the membership's id. */
async function samOnSharks(
  answers: Record<string, string>,
): Promise<{ pat: string; sam: Athlete; membershipId: number }> {
  const family = await sam();
  await enrol(family.sam, 'SHARKS-2027');
  const done = ok<{ payment_complete: number; receipt: { athletes: { membership_id: number }[] } }>(
    await familyCheckout(family.pat, family.sam, answers),
  );
  expect(done.payment_complete).toBe(1);
  return { ...family, membershipId: done.receipt.athletes[0]!.membership_id };
}

describe('the seeded questions', () => {
  it('12U Sharks asks its two questions in order; other teams ask none', async () => {
    expect(await sharksQuestions()).toEqual([
      expect.objectContaining({
        kind: 'choice',
        prompt: 'Jersey size',
        options: ['YS', 'YM', 'YL', 'AS', 'AM'],
        required: true,
      }),
      expect.objectContaining({
        kind: 'short_text',
        prompt: 'Allergies or medical notes',
        options: [],
        required: false,
      }),
    ]);
    const tigers = await teamIdNamed(t.db, '12U Tigers');
    const token = await staffTokenFor(t.db, STAFF.owner);
    expect(
      ok<{ questions: Question[] }>(await t.call('GET', `/api/admin/teams/${tigers}/questions`, { token })),
    ).toEqual({
      questions: [],
    });
  });
});

describe('checkout needs the answers of a team that asks', () => {
  it('a family checkout with a size not offered, or answers without the required one, is refused 422 on the answer; valid answers are kept', async () => {
    const [jersey, notes] = await sharksQuestions();
    const family = await sam();
    await enrol(family.sam, 'SHARKS-2027');
    const bad = await familyCheckout(family.pat, family.sam, { [jersey!.id]: 'XL' });
    expect(bad.body).toMatchObject({
      messages: { [`athletes.${family.sam.id}.answers.${jersey!.id}`]: ['Choose one of the options.'] },
    });
    const spanish = await t.call('POST', '/api/household/checkout', {
      token: family.pat,
      headers: { 'accept-language': 'es' },
      body: {
        athletes: [{ athlete_id: family.sam.id, payment_plan_month: 0, answers: { [notes!.id]: 'x'.repeat(201) } }],
        discount_code: 'FULLRIDE',
        checkout_key: 'questions-es-1',
      },
    });
    expect(spanish.status).toBe(422);
    expect(spanish.body).toMatchObject({
      messages: {
        [`athletes.${family.sam.id}.answers.${jersey!.id}`]: ['Responde esta pregunta.'],
        [`athletes.${family.sam.id}.answers.${notes!.id}`]: ['La respuesta no puede tener más de 200 caracteres.'],
      },
    });
    expect(await t.db.select().from(teamQuestionAnswers)).toEqual([]);
    const done = ok<{ payment_complete: number }>(
      await familyCheckout(family.pat, family.sam, { [jersey!.id]: 'YM', [notes!.id]: ' Peanuts ' }),
    );
    expect(done.payment_complete).toBe(1);
    const stored = await t.db
      .select()
      .from(teamQuestionAnswers)
      .where(eq(teamQuestionAnswers.athleteId, family.sam.id));
    expect(stored.map((row) => [row.questionId, row.value]).sort()).toEqual([
      [jersey!.id, 'YM'],
      [notes!.id, 'Peanuts'],
    ]);
  });

  it("the one-athlete checkout checks the same: 422 on answers.<id>, then the athlete's answers pass", async () => {
    const [jersey, notes] = await sharksQuestions();
    const family = await sam();
    await enrol(family.sam, 'SHARKS-2027');
    const sharks = await teamIdNamed(t.db, '12U Sharks');
    const body = { payment_plan_month: 0, team_id: sharks, discount_code: 'FULLRIDE' };
    const missing = await t.call('POST', '/api/memberships/checkout', {
      token: family.sam.token,
      body: { ...body, answers: { [notes!.id]: 'None' } },
    });
    expectError(missing, 422, 'Answer this question.');
    expect(missing.body).toMatchObject({ messages: { [`answers.${jersey!.id}`]: ['Answer this question.'] } });
    const done = await t.call('POST', '/api/memberships/checkout', {
      token: family.sam.token,
      body: { ...body, answers: { [jersey!.id]: 'AS' } },
    });
    expect(done.status, done.text).toBe(200);
    expect((done.body as { payment_complete: number }).payment_complete).toBe(1);
  });

  it("a checkout that sends no answers needs answers on record that pass: 422 on the answer (both checkouts), then the athlete steps' answers pass", async () => {
    const [jersey, notes] = await sharksQuestions();
    const family = await sam();
    await enrol(family.sam, 'SHARKS-2027');
    const sharks = await teamIdNamed(t.db, '12U Sharks');
    const household = await familyCheckout(family.pat, family.sam);
    expectError(household, 422, 'Answer this question.');
    expect(household.body).toMatchObject({
      messages: { [`athletes.${family.sam.id}.answers.${jersey!.id}`]: ['Answer this question.'] },
    });
    const oneAthlete = { payment_plan_month: 0, team_id: sharks, discount_code: 'FULLRIDE' };
    const single = await t.call('POST', '/api/memberships/checkout', { token: family.sam.token, body: oneAthlete });
    expectError(single, 422, 'Answer this question.');
    expect(single.body).toMatchObject({ messages: { [`answers.${jersey!.id}`]: ['Answer this question.'] } });
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, family.sam.id))).toEqual([]);
    // The athlete steps keep the answers on the athlete; the checkout then finds them.
    const given = await t.call('PUT', `/api/team-questions/athletes/${family.sam.id}/answers`, {
      token: family.pat,
      body: { license_code: 'SHARKS-2027', answers: { [jersey!.id]: 'YL', [notes!.id]: '' } },
    });
    expect(given.status, given.text).toBe(200);
    const done = ok<{ payment_complete: number }>(await familyCheckout(family.pat, family.sam));
    expect(done.payment_complete).toBe(1);
  });

  it('answers on record that no longer pass (a question made required since) are refused at checkout', async () => {
    const [jersey, notes] = await sharksQuestions();
    const family = await sam();
    await enrol(family.sam, 'SHARKS-2027');
    const given = await t.call('PUT', `/api/team-questions/athletes/${family.sam.id}/answers`, {
      token: family.pat,
      body: { license_code: 'SHARKS-2027', answers: { [jersey!.id]: 'YS' } },
    });
    expect(given.status, given.text).toBe(200);
    const sharks = await teamIdNamed(t.db, '12U Sharks');
    const owner = await staffTokenFor(t.db, LAKESIDE_OWNER);
    const edited = await t.call('PUT', `/api/admin/teams/${sharks}/questions`, {
      token: owner,
      body: {
        questions: [
          { id: jersey!.id, kind: 'choice', prompt: 'Jersey size', options: jersey!.options, required: true },
          { id: notes!.id, kind: 'short_text', prompt: 'Allergies or medical notes', options: [], required: true },
        ],
      },
    });
    expect(edited.status, edited.text).toBe(200);
    const refused = await familyCheckout(family.pat, family.sam);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      messages: { [`athletes.${family.sam.id}.answers.${notes!.id}`]: ['Answer this question.'] },
    });
  });

  it('a team without questions checks out as before, answers or not', async () => {
    const family = await sam();
    await enrol(family.sam, 'TIGERS-2027');
    const done = ok<{ payment_complete: number }>(await familyCheckout(family.pat, family.sam));
    expect(done.payment_complete).toBe(1);
    expect(await t.db.select().from(teamQuestionAnswers)).toEqual([]);
  });
});

describe("the athlete steps' answers (GET/PUT /api/team-questions/athletes/{id})", () => {
  it('the latest licence says a team asks (has_questions) only for a team with questions', async () => {
    const family = await sam();
    const sharks = await t.call('POST', '/api/user/latest-license', {
      token: family.pat,
      body: { license_code: 'SHARKS-2027' },
    });
    expect(sharks.body).toMatchObject({ team_name: '12U Sharks', has_questions: true });
    const tigers = await t.call('POST', '/api/user/latest-license', {
      token: family.pat,
      body: { license_code: 'TIGERS-2027' },
    });
    expect(tigers.status, tigers.text).toBe(200);
    expect(tigers.body).not.toHaveProperty('has_questions');
  });

  it('reads the questions with the answers on record, saves valid answers, refuses a bad one per answer', async () => {
    const [jersey, notes] = await sharksQuestions();
    const family = await sam();
    const url = `/api/team-questions/athletes/${family.sam.id}`;
    const first = ok<{ team_name: string; questions: Question[]; answers: Record<string, string> }>(
      await t.call('GET', `${url}?license_code=SHARKS-2027`, { token: family.pat }),
    );
    expect(first.team_name).toBe('12U Sharks');
    expect(first.questions.map((q) => q.prompt)).toEqual(['Jersey size', 'Allergies or medical notes']);
    expect(first.answers).toEqual({});
    const bad = await t.call('PUT', `${url}/answers`, {
      token: family.pat,
      headers: { 'accept-language': 'es' },
      body: { license_code: 'SHARKS-2027', answers: { [jersey!.id]: 'XL' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ messages: { [`answers.${jersey!.id}`]: ['Elige una de las opciones.'] } });
    expect(await t.db.select().from(teamQuestionAnswers)).toEqual([]);
    // A key that is none of the team's questions is not kept.
    const saved = ok<{ answers: Record<string, string> }>(
      await t.call('PUT', `${url}/answers`, {
        token: family.pat,
        body: { license_code: 'SHARKS-2027', answers: { [jersey!.id]: 'AM', [notes!.id]: ' Bees ', 999999: 'x' } },
      }),
    );
    expect(saved.answers).toEqual({ [jersey!.id]: 'AM', [notes!.id]: 'Bees' });
    expect((await t.db.select().from(teamQuestionAnswers)).length).toBe(2);
    // The athlete's own token reads them too (the one-athlete path); they are pre-filled on the next registration.
    const again = ok<{ answers: Record<string, string> }>(
      await t.call('GET', `${url}?license_code=SHARKS-2027`, { token: family.sam.token }),
    );
    expect(again.answers).toEqual({ [jersey!.id]: 'AM', [notes!.id]: 'Bees' });
  });

  it('refuses hostile requests with a 4xx and stores nothing', async () => {
    const [jersey] = await sharksQuestions();
    const family = await sam();
    const url = `/api/team-questions/athletes/${family.sam.id}`;
    const other = await t.tokenFor('member@example.com');
    const put = (token: string | null, body: unknown) => t.call('PUT', `${url}/answers`, { token, body });
    // Another household's athlete: 404, read or written.
    expectError(await t.call('GET', `${url}?license_code=SHARKS-2027`, { token: other }), 404, 'Athlete not found.');
    expectError(await put(other, { license_code: 'SHARKS-2027', answers: { [jersey!.id]: 'YS' } }), 404);
    // An unknown licence, or none.
    expectError(
      await put(family.pat, { license_code: 'NOPE-0000', answers: { [jersey!.id]: 'YS' } }),
      404,
      'Team licence not found.',
    );
    expect((await t.call('GET', url, { token: family.pat })).status).toBe(422);
    // Malformed answers: not an object, not texts, a 5 KB text, a 5 KB key; a 5 KB licence code; broken JSON.
    const malformed: unknown[] = [
      { license_code: 'SHARKS-2027', answers: 'YS' },
      { license_code: 'SHARKS-2027', answers: [1, 2] },
      { license_code: 'SHARKS-2027', answers: { [jersey!.id]: 3 } },
      { license_code: 'SHARKS-2027', answers: { [jersey!.id]: 'x'.repeat(5000) } },
      { license_code: 'SHARKS-2027', answers: { ['9'.repeat(5000)]: 'YS' } },
      { license_code: 'x'.repeat(5000), answers: { [jersey!.id]: 'YS' } },
      { answers: { [jersey!.id]: 'YS' } },
      null,
    ];
    for (const body of malformed) {
      const answer = await put(family.pat, body);
      expect([400, 422], answer.text).toContain(answer.status);
      expect(answer.body).toMatchObject({ message: expect.any(String), messages: expect.any(Object) });
    }
    const notJson = await t.call('PUT', `${url}/answers`, { token: family.pat, rawBody: '{"answers":' });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
    // A bad id in the path, and no token.
    expect(
      (await t.call('GET', '/api/team-questions/athletes/abc?license_code=SHARKS-2027', { token: family.pat })).status,
    ).toBe(422);
    expect((await put(null, { license_code: 'SHARKS-2027', answers: {} })).status).toBe(401);
    expect(await t.db.select().from(teamQuestionAnswers)).toEqual([]);
  });
});

describe("the family's answers from /payments", () => {
  it('reads them, changes them, refuses a bad one, and lists the membership as asking questions', async () => {
    const [jersey, notes] = await sharksQuestions();
    const { pat, membershipId } = await samOnSharks({ [jersey!.id]: 'YS' });
    const read = ok<{ answers: Record<string, string>; changeable: boolean; questions: Question[] }>(
      await t.call('GET', `/api/memberships/${membershipId}/answers`, { token: pat }),
    );
    expect(read).toEqual({
      questions: [jersey, notes],
      answers: { [jersey!.id]: 'YS', [notes!.id]: '' },
      changeable: true,
    });
    const changed = ok<{ answers: Record<string, string> }>(
      await t.call('PUT', `/api/memberships/${membershipId}/answers`, {
        token: pat,
        body: { answers: { [jersey!.id]: 'AM', [notes!.id]: 'Bee stings' } },
      }),
    );
    expect(changed.answers).toEqual({ [jersey!.id]: 'AM', [notes!.id]: 'Bee stings' });
    const bad = await t.call('PUT', `/api/memberships/${membershipId}/answers`, {
      token: pat,
      body: { answers: { [jersey!.id]: '' } },
    });
    expectError(bad, 422, 'Answer this question.');
    expect(bad.body).toMatchObject({ messages: { [`answers.${jersey!.id}`]: ['Answer this question.'] } });
    const malformed = await t.call('PUT', `/api/memberships/${membershipId}/answers`, {
      token: pat,
      body: { answers: 'AM' },
    });
    expect(malformed.status).toBe(422);
    const list = ok<{ memberships: { id: number; has_questions: boolean }[] }>(
      await t.call('GET', '/api/memberships', { token: pat }),
    );
    expect(list.memberships.find((m) => m.id === membershipId)?.has_questions).toBe(true);
  });

  it('refuses another household (404) and a change once the season has started (422)', async () => {
    const [jersey] = await sharksQuestions();
    const { pat, membershipId } = await samOnSharks({ [jersey!.id]: 'YL' });
    const stranger = await t.tokenFor('member@example.com');
    expectError(await t.call('GET', `/api/memberships/${membershipId}/answers`, { token: stranger }), 404);
    expectError(
      await t.call('PUT', `/api/memberships/${membershipId}/answers`, {
        token: stranger,
        body: { answers: { [jersey!.id]: 'YS' } },
      }),
      404,
    );
    expectError(await t.call('GET', `/api/memberships/${membershipId}/answers`), 401);
    // The season starts today (moving the clock instead would end the family's session).
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.id, membershipId));
    const today = new Date().toISOString().slice(0, 10);
    await t.db.update(seasons).set({ startDate: today }).where(eq(seasons.id, membership!.seasonId));
    const read = ok<{ changeable: boolean }>(
      await t.call('GET', `/api/memberships/${membershipId}/answers`, { token: pat }),
    );
    expect(read.changeable).toBe(false);
    const late = await t.call('PUT', `/api/memberships/${membershipId}/answers`, {
      token: pat,
      body: { answers: { [jersey!.id]: 'YS' } },
    });
    expectError(late, 422, 'The answers can no longer be changed: the season has started.');
    const [kept] = await t.db.select().from(teamQuestionAnswers).where(eq(teamQuestionAnswers.questionId, jersey!.id));
    expect(kept?.value).toBe('YL');
  });
});

describe("the console: the owner's list, the staff's reading", () => {
  it('the owner edits, reorders, adds and removes questions; a removed question takes its answers', async () => {
    const [jersey, notes] = await sharksQuestions();
    await samOnSharks({ [jersey!.id]: 'YM', [notes!.id]: 'None' });
    const sharks = await teamIdNamed(t.db, '12U Sharks');
    const token = await staffTokenFor(t.db, LAKESIDE_OWNER);
    const saved = ok<{ questions: Question[] }>(
      await t.call('PUT', `/api/admin/teams/${sharks}/questions`, {
        token,
        body: {
          questions: [
            { id: null, kind: 'date', prompt: 'Last physical', options: ['ignored'], required: false },
            { ...jersey!, prompt: 'Jersey size (youth or adult)', options: ['YS', 'YM', 'YL', 'AS', 'AM', 'AL'] },
            { id: null, kind: 'yes_no', prompt: 'May we share photos?', options: [], required: true },
          ],
        },
      }),
    );
    expect(saved.questions.map((q) => [q.kind, q.prompt, q.options.length])).toEqual([
      ['date', 'Last physical', 0],
      ['choice', 'Jersey size (youth or adult)', 6],
      ['yes_no', 'May we share photos?', 0],
    ]);
    expect(saved.questions[1]!.id).toBe(jersey!.id);
    const answers = await t.db.select().from(teamQuestionAnswers);
    expect(answers.map((row) => row.questionId)).toEqual([jersey!.id]);
    const bad = await t.call('PUT', `/api/admin/teams/${sharks}/questions`, {
      token,
      body: { questions: [{ id: null, kind: 'choice', prompt: 'Size', options: ['S'], required: true }] },
    });
    expectError(bad, 422, 'A choice needs at least two options.');
    const foreign = await t.call('PUT', `/api/admin/teams/${sharks}/questions`, {
      token,
      body: { questions: [{ id: 999_999, kind: 'yes_no', prompt: 'Size', options: [], required: true }] },
    });
    expect(foreign.status).toBe(422);
  });

  it('the registrar reads but may not edit; another organization finds nothing', async () => {
    const sharks = await teamIdNamed(t.db, '12U Sharks');
    const registrar = await staffTokenFor(t.db, LAKESIDE_REGISTRAR);
    expect((await t.call('GET', `/api/admin/teams/${sharks}/questions`, { token: registrar })).status).toBe(200);
    expectError(
      await t.call('PUT', `/api/admin/teams/${sharks}/questions`, { token: registrar, body: { questions: [] } }),
      403,
    );
    const northside = await staffTokenFor(t.db, STAFF.owner);
    expectError(await t.call('GET', `/api/admin/teams/${sharks}/questions`, { token: northside }), 404);
    expectError(await t.call('GET', `/api/admin/teams/${sharks}/answers`, { token: northside }), 404);
  });

  it("staff read a membership's answers on the roster and its page; the CSV has a column per question", async () => {
    const [jersey, notes] = await sharksQuestions();
    const { membershipId } = await samOnSharks({ [jersey!.id]: 'YL', [notes!.id]: '=cmd, "quoted"' });
    const sharks = await teamIdNamed(t.db, '12U Sharks');
    const registrar = await staffTokenFor(t.db, LAKESIDE_REGISTRAR);
    const roster = ok<{
      questions: Question[];
      memberships: { membership_id: number; answers: Record<string, string> }[];
    }>(await t.call('GET', `/api/admin/teams/${sharks}/answers`, { token: registrar }));
    expect(roster.memberships).toEqual([
      { membership_id: membershipId, answers: { [jersey!.id]: 'YL', [notes!.id]: '=cmd, "quoted"' } },
    ]);
    const page = ok<{ answers: Record<string, string> }>(
      await t.call('GET', `/api/admin/memberships/${membershipId}/answers`, { token: registrar }),
    );
    expect(page.answers[String(jersey!.id)]).toBe('YL');
    const csv = await t.call('GET', `/api/admin/teams/${sharks}/memberships.csv`, { token: registrar });
    expect(csv.status).toBe(200);
    const [header, row] = csv.text.split('\r\n');
    expect(header).toBe(
      'membership_id,athlete,guardian,guardian_email,plan,paid,remaining,next_due,status,' +
        'waiver_version,waiver_agreed_at,waiver_agreed_by,Jersey size,Allergies or medical notes',
    );
    expect(row).toMatch(/,YL,"'=cmd, ""quoted"""$/);
  });

  it("a coach reads their own team's answers (no money), never another team's; the CSV of a team without questions is unchanged", async () => {
    const tigers = await teamIdNamed(t.db, '12U Tigers');
    const sharks = await teamIdNamed(t.db, '12U Sharks');
    const coach = await staffTokenFor(t.db, STAFF.coach);
    expect(ok(await t.call('GET', `/api/admin/teams/${tigers}/answers`, { token: coach }))).toEqual({
      questions: [],
      memberships: [],
    });
    expectError(await t.call('GET', `/api/admin/teams/${sharks}/answers`, { token: coach }), 404);
    expectError(
      await t.call('PUT', `/api/admin/teams/${tigers}/questions`, { token: coach, body: { questions: [] } }),
      403,
    );
    const csv = await t.call('GET', `/api/admin/teams/${tigers}/memberships.csv`, { token: coach });
    expect(csv.text.split('\r\n')[0]).toBe('membership_id,athlete,guardian,guardian_email,guardian_phone,status');
    const [team] = await t.db.select().from(teams).where(eq(teams.id, tigers));
    expect(team?.name).toBe('12U Tigers');
  });
});
