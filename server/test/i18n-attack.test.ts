/**
 * Issue 31 from a hostile client's side (session 18): the request's language (Accept-Language), the language
 * endpoints, the prerendered page per language, the plans named per language, the Spanish waiver and the
 * password-reset link. Every probe asserts what the caller sees: a 4xx `{ message, messages }` for anything malformed,
 * never a 5xx, English for any language we do not have, money the same in every language.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentDataSchema } from '../../src/api/payment-data.schemas.ts';
import { userSchema } from '../../src/api/schemas.ts';
import { createApp } from '../app.ts';
import { drafts, mailOutbox, memberships, organizations, staffAccounts, users } from '../db/schema/index.ts';
import { NORTHSIDE_WAIVER } from '../db/seed.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { requestLocale } from '../i18n/index.ts';
import type { SandboxCardPayments } from '../providers/index.ts';
import { createTestApp, type TestApp, userId } from './app-harness.ts';
import { expectError, expectOk } from './expect-error.ts';
import { organizationIdNamed, teamIdNamed } from './fixture-ids.ts';
import { STAFF, staffTokenFor } from './staff-sessions.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const SPANISH = { 'Accept-Language': 'es-US,es;q=0.9' };
const wrongLogin = { email: 'parent@example.com', password: 'NotThePassword1!' };
const SPANISH_WRONG_LOGIN = 'Estos datos no coinciden con nuestros registros.';
const ENGLISH_WRONG_LOGIN = 'These credentials do not match our records.';
const SPANISH_INACTIVE = 'Este código de descuento ya no está activo.';

/** Pat's TIGERS-2027 link, then Sam claims the seat: where /payment starts. Sam's token. */
async function samClaimsTigers(): Promise<string> {
  const guardian = await t.tokenFor('parent@example.com');
  await t.call('POST', '/api/user/latest-license', { token: guardian, body: { license_code: 'TIGERS-2027' } });
  const athlete = await t.tokenFor('samrivera');
  await t.call('POST', '/api/subscribe/claim-license', { token: athlete, body: { license_code: 'TIGERS-2027' } });
  return athlete;
}

const northside = () => organizationIdNamed(t.db, 'Northside Youth Baseball');
const teamId = (name: string) => teamIdNamed(t.db, name);

async function loginIn(acceptLanguage: string) {
  return t.call('POST', '/api/auth/login', { body: wrongLogin, headers: { 'Accept-Language': acceptLanguage } });
}

describe('Accept-Language from a hostile client', () => {
  it.each([
    ['es-419 (Latin American Spanish)', 'es-419', 'es'],
    ['ES in capitals', 'ES', 'es'],
    ['es-us in lower case', 'es-us', 'es'],
    ['Spanish refused with q=0', 'es;q=0, fr', 'en'],
    ['Spanish refused with q=0.000', 'es;q=0.000', 'en'],
    ['a higher q for English after Spanish', 'es;q=0.5, en;q=0.9', 'en'],
    ['a higher q for Spanish after English', 'en;q=0.5, es;q=0.9', 'es'],
    ['unknown tags only', 'fr-CA, de;q=0.9, zh-Hant-TW;q=0.8, x-klingon', 'en'],
    ['an unknown language before Spanish', 'fr, es;q=0.8', 'es'],
    ['a wildcard before Spanish', '*, es;q=0.5', 'es'],
    ['a wildcard alone', '*;q=1', 'en'],
    ['a q-value over 1', 'es;q=2', 'en'],
    ['a negative q-value', 'es;q=-1', 'en'],
    ['a q-value in exponent form', 'es;q=1e0', 'en'],
    ['a tag too long to be one', `${'e'.repeat(9)}s`, 'en'],
    ['__proto__', '__proto__', 'en'],
    ['constructor', 'constructor, toString', 'en'],
    ['Latin-1 bytes', 'es\u00e9, \u00ff\u00fe', 'en'],
    ['Spanish among latin-1 junk', '\u00ff\u00fe, es', 'es'],
    ['the Q of the weight in capitals (ABNF literals are case-insensitive)', 'en;q=0.1, es;Q=0.9', 'es'],
    ['forty tags with Spanish last', `${Array.from({ length: 40 }, (_, i) => `x${i}`).join(',')}, es`, 'en'],
    ['a 1,024-character header ending in Spanish', `${'fr,'.repeat(340)}es, `.slice(0, 1024), 'en'],
    ['a 100 KB header', `es,${'a'.repeat(100_000)}`, 'en'],
  ])('reads %s as the documented language, answering errors in it without a 5xx', async (_what, header, expected) => {
    expect(requestLocale(header)).toBe(expected);
    const login = await loginIn(header);
    const body = expectError(login, 422, expected === 'es' ? SPANISH_WRONG_LOGIN : ENGLISH_WRONG_LOGIN);
    expect(body.messages).toEqual({ email: [expected === 'es' ? SPANISH_WRONG_LOGIN : ENGLISH_WRONG_LOGIN] });
    expectError(await t.call('GET', '/api/nothing-here', { headers: { 'Accept-Language': header } }), 404);
    expectError(
      await t.call('PUT', '/api/user/language', { rawBody: '{"language":', headers: { 'Accept-Language': header } }),
      401,
    );
  });

  it('takes two Accept-Language headers as one list (RFC 9110 §5.3): the second one’s Spanish counts', async () => {
    const headers = new Headers({ 'X-Requested-With': 'website', 'Content-Type': 'application/json' });
    headers.append('Accept-Language', 'fr');
    headers.append('Accept-Language', 'es;q=0.5');
    const answer = await t.app.request('/api/auth/login', {
      method: 'POST',
      headers,
      body: JSON.stringify(wrongLogin),
    });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toEqual({ message: SPANISH_WRONG_LOGIN, messages: { email: [SPANISH_WRONG_LOGIN] } });
  });
});

describe('PUT /api/user/language and PUT /api/admin/me/language from a hostile client', () => {
  const bad: [string, string][] = [
    ['an array', '{"language":["es"]}'],
    ['an object', '{"language":{"toString":"es"}}'],
    ['a padded locale', '{"language":" es "}'],
    ['a region tag', '{"language":"es-US"}'],
    ['__proto__', '{"language":"__proto__"}'],
    ['a NUL', '{"language":"es\\u0000"}'],
    ['a huge string', JSON.stringify({ language: 'es'.repeat(30_000) })],
    ['a boolean', '{"language":true}'],
  ];

  it.each(bad)('the family endpoint refuses %s with a 422 naming language, and changes nothing', async (_what, raw) => {
    const token = await t.tokenFor('parent@example.com');
    const error = expectError(
      await t.call('PUT', '/api/user/language', { token, rawBody: raw, headers: SPANISH }),
      422,
    );
    expect(Object.keys(error.messages)).toEqual(['language']);
    const [row] = await t.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, 'parent@example.com'));
    expect(row?.language).toBe('en');
  });

  it.each(bad)('the staff endpoint refuses %s with a 422 naming language, and changes nothing', async (_what, raw) => {
    const token = await staffTokenFor(t.db, STAFF.registrar);
    const error = expectError(
      await t.call('PUT', '/api/admin/me/language', { token, rawBody: raw, headers: SPANISH }),
      422,
    );
    expect(Object.keys(error.messages)).toEqual(['language']);
    const [row] = await t.db
      .select({ language: staffAccounts.language })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, STAFF.registrar));
    expect(row?.language).toBe('en');
  });

  it('refuses a body that is no JSON object, a form body, and a body with only other fields', async () => {
    const token = await t.tokenFor('parent@example.com');
    for (const rawBody of ['[]', '"es"', 'null', '1']) {
      const answer = await t.call('PUT', '/api/user/language', { token, rawBody });
      expect([400, 422]).toContain(answer.status);
      expectError(answer, answer.status);
    }
    const form = await t.call('PUT', '/api/user/language', {
      token,
      rawBody: 'language=es',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    expectError(await t.call('PUT', '/api/user/language', { token, body: { user_id: 1, lang: 'es' } }), 422);
  });

  it("changes only the caller's own language: another user's id in the body or the path is no way in", async () => {
    const pat = await t.tokenFor('parent@example.com');
    const lucia = await userId(t.db, 'familia@example.com');
    const changed = expectOk(
      await t.call('PUT', '/api/user/language', { token: pat, body: { language: 'es', id: lucia, user_id: lucia } }),
      userSchema,
    );
    expect(changed.language).toBe('es');
    expect(changed.email).toBe('parent@example.com');
    // Lucía (Spanish) is untouched by Pat's call, and Pat cannot reach her through /api/user/{id}.
    const answer = await t.call('PUT', `/api/user/${lucia}`, { token: pat, body: { language: 'en' } });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.id, lucia));
    expect(row?.language).toBe('es');
  });

  it('a staff token is no family session and a family token no staff session; neither changes anything', async () => {
    const staff = await staffTokenFor(t.db, STAFF.owner);
    expectError(await t.call('PUT', '/api/user/language', { token: staff, body: { language: 'es' } }), 401);
    expectError(
      await t.call('PUT', '/api/user/language', { token: DEFAULT_STAFF_TOKEN, body: { language: 'es' } }),
      401,
    );
    const family = await t.tokenFor('parent@example.com');
    const refused = await t.call('PUT', '/api/admin/me/language', { token: family, body: { language: 'es' } });
    expect([401, 403]).toContain(refused.status);
    expectError(refused, refused.status);
    const staffRefused = await t.call('PUT', '/api/admin/me/language', {
      token: DEFAULT_STAFF_TOKEN,
      body: { language: 'es' },
    });
    expect([401, 403]).toContain(staffRefused.status);
    expectError(staffRefused, staffRefused.status);
    const [pat] = await t.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, 'parent@example.com'));
    expect(pat?.language).toBe('en');
    const owners = await t.db
      .select({ language: staffAccounts.language })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, STAFF.owner));
    expect(owners[0]?.language).toBe('en');
  });

  it('a revoked (logged out) session changes nothing', async () => {
    const token = await t.tokenFor('parent@example.com');
    expect((await t.call('POST', '/api/auth/logout', { token })).status).toBeLessThan(300);
    expectError(await t.call('PUT', '/api/user/language', { token, body: { language: 'es' } }), 401);
    const staff = await staffTokenFor(t.db, STAFF.registrar);
    expect((await t.call('POST', '/api/admin/logout', { token: staff })).status).toBe(200);
    expectError(await t.call('PUT', '/api/admin/me/language', { token: staff, body: { language: 'es' } }), 401);
  });

  it('the same call many times at once: every answer 200, the last state one of the languages asked for', async () => {
    const token = await t.tokenFor('parent@example.com');
    const staff = await staffTokenFor(t.db, STAFF.registrar);
    const languages = ['es', 'en', 'es', 'es', 'en', 'es'];
    const answers = await Promise.all([
      ...languages.map((language) => t.call('PUT', '/api/user/language', { token, body: { language } })),
      ...languages.map((language) => t.call('PUT', '/api/admin/me/language', { token: staff, body: { language } })),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const family = expectOk(await t.call('GET', '/api/user', { token }), userSchema);
    expect(['en', 'es']).toContain(family.language);
    const me = await t.call('GET', '/api/admin/me', { token: staff });
    expect(['en', 'es']).toContain((me.body as { staff: { language: string } }).staff.language);
  });
});

describe('the prerendered page by lang=, the language cookie and Accept-Language', () => {
  let root: string;
  let site: string;
  let app: ReturnType<typeof createApp>;
  const SECRET = 'outside the built site: never served';

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'i18n-attack-'));
    site = path.join(root, 'dist');
    const files: Record<string, string> = {
      'index.html': '<!doctype html><html lang="en"><div id="root"></div>',
      'pages/register.html': '<!doctype html><html lang="en"><h1>Create your account</h1>',
      'pages/es/register.html': '<!doctype html><html lang="es"><h1>Crea tu cuenta</h1>',
      'pages/routes.json': JSON.stringify({
        '/register': { en: 'pages/register.html', es: 'pages/es/register.html' },
      }),
    };
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
      writeFileSync(path.join(site, name), content);
    }
    writeFileSync(path.join(root, 'secret.html'), SECRET);
    mkdirSync(path.join(site, 'pages', 'secret'), { recursive: true });
    writeFileSync(path.join(root, 'register.html'), SECRET);
    app = createApp(t.deps, { siteDir: site });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const answer = await app.request(url, { headers });
    return { status: answer.status, headers: answer.headers, body: await answer.text() };
  };
  const SPANISH_PAGE = '<!doctype html><html lang="es"><h1>Crea tu cuenta</h1>';
  const ENGLISH_PAGE = '<!doctype html><html lang="en"><h1>Create your account</h1>';

  it.each([
    '/register?lang=../secret',
    '/register?lang=..%2F..%2Fsecret',
    '/register?lang=%2e%2e/%2e%2e/register',
    '/register?lang=/etc/passwd',
    '/register?lang=__proto__',
    '/register?lang=constructor',
    '/register?lang=es%00',
    '/register?lang=ES',
    '/register?lang=es-US',
    '/register?lang=%ff%fe',
    '/register?lang=%E0%A4%A',
    '/register?lang[]=es',
    '/register?lang',
    `/register?lang=${'e'.repeat(10_000)}`,
  ])('%s: the English page (the language is none of ours), never a file outside the site, never a 5xx', async (url) => {
    const answer = await page(url);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(ENGLISH_PAGE);
    expect(answer.body).not.toContain(SECRET);
    expect(answer.headers.get('vary')).toContain('Cookie, Accept-Language');
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('repeated lang= parameters: the first one decides, as on the site (URLSearchParams.get)', async () => {
    expect((await page('/register?lang=es&lang=en')).body).toBe(SPANISH_PAGE);
    expect((await page('/register?lang=en&lang=es')).body).toBe(ENGLISH_PAGE);
    // A first value that is none of ours falls to the cookie and the browser, not to the second one.
    expect((await page('/register?lang=fr&lang=es', { 'Accept-Language': 'en' })).body).toBe(ENGLISH_PAGE);
  });

  it.each([
    ['diamond-language=__proto__', ENGLISH_PAGE],
    ['diamond-language=../../secret', ENGLISH_PAGE],
    ['diamond-language="es"', ENGLISH_PAGE],
    ['diamond-language=es%00', ENGLISH_PAGE],
    ['diamond-language=\u00ff\u00fees', ENGLISH_PAGE],
    ['diamond-language', ENGLISH_PAGE],
    ['=es; ;;; diamond-language==es', ENGLISH_PAGE],
    [`junk=${'x'.repeat(8_000)}; diamond-language=es`, SPANISH_PAGE],
    ['diamond-language=es; diamond-language=en', SPANISH_PAGE],
    ['DIAMOND-LANGUAGE=es', ENGLISH_PAGE],
    [' diamond-language = es ', SPANISH_PAGE],
  ])('the cookie %j: no 5xx, a page of ours, varied and private', async (cookie, expected) => {
    const answer = await page('/register', { Cookie: cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(expected);
    expect(answer.headers.get('vary')).toContain('Cookie, Accept-Language');
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
  });

  it.each([
    ['es-419', SPANISH_PAGE],
    ['ES', SPANISH_PAGE],
    ['*', ENGLISH_PAGE],
    ['es;q=0', ENGLISH_PAGE],
    ['__proto__, constructor', ENGLISH_PAGE],
    ['\u00ff\u00fe;q=abc, ;;;', ENGLISH_PAGE],
    [`${'x,'.repeat(50_000)}es`, ENGLISH_PAGE],
    ['en;q=0.1, es;Q=0.9', SPANISH_PAGE],
  ])('Accept-Language %j: no 5xx, the page the API would answer in', async (header, expected) => {
    const answer = await page('/register', { 'Accept-Language': header });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(expected);
    // The first frame and the API's errors agree on the language of the same header.
    expect(answer.body).toContain(`lang="${requestLocale(header)}"`);
  });

  it('a 304 for a page in several languages still varies and stays private', async () => {
    const first = await page('/register', { 'Accept-Language': 'es' });
    const etag = first.headers.get('etag') ?? '';
    const again = await page('/register', { 'Accept-Language': 'es', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('vary')).toContain('Cookie, Accept-Language');
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    // The Spanish tag is no good for an English visitor.
    expect((await page('/register', { 'If-None-Match': etag })).status).toBe(200);
  });

  it('path traversal in the page path itself never leaves the site', async () => {
    for (const url of [
      '/../secret.html',
      '/%2e%2e/secret.html',
      '/pages/..%2F..%2Fsecret.html',
      '/pages/es/../../../register.html',
    ]) {
      const answer = await page(url, { Cookie: 'diamond-language=es' });
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).not.toContain(SECRET);
    }
  });
});

describe('plans named in the request’s language: money and everything else unchanged', () => {
  /** The answer with the plan names and the formatted dates taken out: the rest must not move with the language. */
  function withoutTexts(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(withoutTexts);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'startTimeFormatted' && key !== 'start_time_formatted')
        // A plan's name ({ month, name, phases }) is the one other text that follows the language.
        .map(([key, inner]) => [
          key,
          key === 'name' && 'month' in value && 'phases' in value ? '' : withoutTexts(inner),
        ]),
    );
  }

  const languages: Record<string, string>[] = [
    {},
    { 'Accept-Language': 'en-US' },
    SPANISH,
    { 'Accept-Language': 'es-419' },
    { 'Accept-Language': 'fr' },
    { 'Accept-Language': '\u00ff;q=abc' },
  ];

  async function sameButTexts(
    call: (headers: Record<string, string>) => Promise<{ status: number; body: unknown; text: string }>,
  ) {
    const answers = [];
    for (const headers of languages) {
      const answer = await call(headers);
      expect(answer.status, answer.text).toBe(200);
      answers.push(answer.body);
    }
    const [english, ...others] = answers;
    // Other languages than Spanish answer English exactly.
    expect(answers[1]).toEqual(english);
    expect(answers[4]).toEqual(english);
    expect(answers[5]).toEqual(english);
    for (const other of others) expect(withoutTexts(other)).toEqual(withoutTexts(english));
    // Spanish did rename the plans.
    expect(JSON.stringify(answers[2])).not.toEqual(JSON.stringify(english));
    return answers;
  }

  it('POST /api/memberships/payment-plans', async () => {
    const athlete = await samClaimsTigers();
    const [english, , spanish] = await sameButTexts((headers) =>
      t.call('POST', '/api/memberships/payment-plans', {
        token: athlete,
        headers,
        body: { discount_code: null, include_payment_protection_plan: true },
      }),
    );
    expectOk({ status: 200, body: english, text: '', headers: new Headers() }, paymentDataSchema);
    expectOk({ status: 200, body: spanish, text: '', headers: new Headers() }, paymentDataSchema);
  });

  it('POST /nova-field/team-draft-payment-plans (the draft preview)', async () => {
    const [draft] = await t.db.select({ id: drafts.id }).from(drafts).orderBy(asc(drafts.id)).limit(1);
    await sameButTexts((headers) =>
      t.call('POST', '/nova-field/team-draft-payment-plans', {
        headers,
        body: { draft_id: draft!.id, discount_code: null, include_payment_protection_plan: false },
      }),
    );
  });

  it('POST /api/household/quote', async () => {
    const pat = await t.tokenFor('parent@example.com');
    for (const username of ['samrivera', 'alexrivera']) {
      const token = await t.tokenFor(username);
      for (const url of ['/api/subscribe/claim-license', '/api/user/latest-license']) {
        await t.call('POST', url, { token, body: { license_code: 'TIGERS-2027' } });
      }
    }
    const athletes = [await userId(t.db, 'samrivera'), await userId(t.db, 'alexrivera')];
    await sameButTexts((headers) =>
      t.call('POST', '/api/household/quote', {
        token: pat,
        headers,
        body: {
          athletes: athletes.map((id, index) => ({
            athlete_id: id,
            payment_plan_month: index === 0 ? 3 : 0,
            include_payment_protection_plan: index === 0,
          })),
          discount_code: null,
        },
      }),
    );
  });

  it('a draft preview’s refused code (the `error` the page shows) is in the page’s language', async () => {
    const [draft] = await t.db.select({ id: drafts.id }).from(drafts).orderBy(asc(drafts.id)).limit(1);
    const preview = await t.call('POST', '/nova-field/team-draft-payment-plans', {
      headers: SPANISH,
      body: { draft_id: draft!.id, discount_code: 'NO-SUCH-CODE', include_payment_protection_plan: false },
    });
    expect(preview.status).toBe(200);
    const english = await t.call('POST', '/nova-field/team-draft-payment-plans', {
      body: { draft_id: draft!.id, discount_code: 'NO-SUCH-CODE', include_payment_protection_plan: false },
    });
    expect((english.body as { error: string }).error).toBe('Code not found.');
    expect((preview.body as { error: string }).error).toBe('No se encontró el código.');
    // An inactive code too.
    await t.db.execute(sql`UPDATE discount_codes SET is_active = false WHERE code = 'FLAT500'`);
    const inactive = await t.call('POST', '/nova-field/team-draft-payment-plans', {
      headers: SPANISH,
      body: { draft_id: draft!.id, discount_code: 'FLAT500', include_payment_protection_plan: false },
    });
    expect(inactive.status, inactive.text).toBe(200);
    expect((inactive.body as { error: string }).error).toBe(SPANISH_INACTIVE);
  });

  it('a household quote’s problem beside an athlete is in the page’s language', async () => {
    const pat = await t.tokenFor('parent@example.com');
    const sam = await userId(t.db, 'samrivera');
    const quote = await t.call('POST', '/api/household/quote', {
      token: pat,
      headers: SPANISH,
      body: {
        athletes: [{ athlete_id: sam, payment_plan_month: 0, include_payment_protection_plan: false }],
        discount_code: null,
      },
    });
    expect(quote.status, quote.text).toBe(200);
    const problem = (quote.body as { athletes: { problem: string | null }[] }).athletes[0]?.problem;
    const englishQuote = await t.call('POST', '/api/household/quote', {
      token: pat,
      body: {
        athletes: [{ athlete_id: sam, payment_plan_month: 0, include_payment_protection_plan: false }],
        discount_code: null,
      },
    });
    const englishProblem = (englishQuote.body as { athletes: { problem: string | null }[] }).athletes[0]?.problem;
    // Sam has claimed no licence: the problem the page shows beside him, word for word in each language.
    expect(englishProblem).toBe('You have not claimed a licence for this team.');
    expect(problem).toBe('No has obtenido una licencia para este equipo.');
  });
});

describe('the Spanish waiver (waiver_es) from a hostile staff member or family', () => {
  const settingsBody = (waiverEs: unknown) => ({
    waiver: NORTHSIDE_WAIVER,
    waiver_es: waiverEs,
    household_discount: null,
  });

  it('a coach, and another organization’s owner, can set it neither in the settings nor on a draft', async () => {
    const id = await northside();
    const [draft] = await t.db.select().from(drafts).where(eq(drafts.organizationId, id)).limit(1);
    const draftBody = {
      name: draft!.name,
      season_id: null,
      total_dues_cents: 45_000,
      athlete_deposit_cents: 5_000,
      payment_plan_fee_cents: 500,
      total_app_fee_cents: 2_500,
      is_app_fee_itemized: true,
      plan_months: [3],
      protection_plan_id: null,
      waiver: 'Club rules.',
      waiver_es: 'Normas del club.',
    };
    for (const email of [STAFF.coach, STAFF.otherOwner]) {
      const token = await staffTokenFor(t.db, email);
      const settings = await t.call('PUT', `/api/admin/organizations/${id}/settings`, {
        token,
        body: settingsBody('Exención falsa.'),
      });
      expect([403, 404], settings.text).toContain(settings.status);
      expectError(settings, settings.status);
      const saved = await t.call('PUT', `/api/admin/drafts/${draft!.id}`, { token, body: draftBody });
      expect([403, 404], saved.text).toContain(saved.status);
      expectError(saved, saved.status);
    }
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, id));
    expect(org?.waiverEs).toBeNull();
    const [after] = await t.db.select().from(drafts).where(eq(drafts.id, draft!.id));
    expect(after?.waiverEs ?? null).toBe(draft!.waiverEs ?? null);
  });

  it.each([
    ['a number', 42],
    ['an array', ['Exención']],
    ['an object', { es: 'Exención' }],
    ['a NUL byte', 'Exención\u0000'],
  ])('refuses %s as the text with a 4xx naming waiver_es, in the request’s language', async (_what, value) => {
    const token = await staffTokenFor(t.db, STAFF.owner);
    const answer = await t.call('PUT', `/api/admin/organizations/${await northside()}/settings`, {
      token,
      body: settingsBody(value),
      headers: SPANISH,
    });
    expect(answer.status, answer.text).toBe(422);
    const body = expectError(answer, 422);
    expect(Object.keys(body.messages)).toEqual(['waiver_es']);
  });

  it('a body over the size limit is a 413 { message, messages }, in Spanish for Spanish', async () => {
    const token = await staffTokenFor(t.db, STAFF.owner);
    const answer = await t.call('PUT', `/api/admin/organizations/${await northside()}/settings`, {
      token,
      body: settingsBody('x'.repeat(70_000)),
      headers: SPANISH,
    });
    const body = expectError(answer, 413);
    expect(body.message).not.toBe('');
    expect(body.message).not.toMatch(/too large/i);
  });

  it('markup in it is kept as written and travels as JSON data, never as a page (the site sanitizes it to show it)', async () => {
    const script = '<p>Exención</p><script>alert(document.cookie)</script><img src=x onerror=alert(1)>';
    const token = await staffTokenFor(t.db, STAFF.owner);
    const saved = await t.call('PUT', `/api/admin/organizations/${await northside()}/settings`, {
      token,
      body: settingsBody(script),
    });
    expect(saved.status, saved.text).toBe(200);
    const athlete = await samClaimsTigers();
    const plans = await t.call('POST', '/api/memberships/payment-plans', {
      token: athlete,
      headers: SPANISH,
      body: { discount_code: null, include_payment_protection_plan: false },
    });
    expect(plans.status, plans.text).toBe(200);
    expect(plans.headers.get('content-type')).toContain('application/json');
    expect(plans.headers.get('x-content-type-options')).toBe('nosniff');
    expect((plans.body as { team: { waiver_es: string } }).team.waiver_es).toBe(script);
  });

  it('waiver_language is the server’s: a body field claiming Spanish is ignored', async () => {
    // The club has a Spanish text; the family checks out in English and claims Spanish in the body.
    const token = await staffTokenFor(t.db, STAFF.owner);
    const saved = await t.call('PUT', `/api/admin/organizations/${await northside()}/settings`, {
      token,
      body: settingsBody('Exención de Northside.'),
    });
    expect(saved.status, saved.text).toBe(200);
    const athlete = await samClaimsTigers();
    const paid = await t.call('POST', '/api/memberships/checkout', {
      token: athlete,
      headers: { 'Accept-Language': 'en-US' },
      body: {
        payment_plan_month: 0,
        team_id: await teamId('12U Tigers'),
        discount_code: 'FULLRIDE',
        waiver_language: 'es',
        locale: 'es',
        lang: 'es',
      },
    });
    expect(paid.status, paid.text).toBe(200);
    const [row] = await t.db
      .select({ waiverLanguage: memberships.waiverLanguage })
      .from(memberships)
      .where(eq(memberships.userId, await userId(t.db, 'samrivera')));
    expect(row?.waiverLanguage).toBe('en');
  });

  it("waiver_language is Pay Now's: a card checkout opened in Spanish and confirmed in English records Spanish", async () => {
    const token = await staffTokenFor(t.db, STAFF.owner);
    const saved = await t.call('PUT', `/api/admin/organizations/${await northside()}/settings`, {
      token,
      body: settingsBody('Exención de Northside.'),
    });
    expect(saved.status, saved.text).toBe(200);
    const athlete = await samClaimsTigers();
    const team = await teamId('12U Tigers');
    const opened = await t.call('POST', '/api/memberships/checkout', {
      token: athlete,
      headers: SPANISH,
      body: { payment_plan_month: 0, team_id: team },
    });
    expect(opened.status, opened.text).toBe(200);
    const intent = opened.body as { payment_intent_id: string; client_secret: string };
    const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
    await (t.providers.payments as SandboxCardPayments).confirm(intent.payment_intent_id, intent.client_secret, card);
    const paid = await t.call('POST', '/api/memberships/checkout-success', {
      token: athlete,
      headers: { 'Accept-Language': 'en-US' },
      body: { team_id: team, payment_plan_month: 0, stripe_payment_intent_id: intent.payment_intent_id },
    });
    expect(paid.status, paid.text).toBe(200);
    const [row] = await t.db
      .select({ waiverLanguage: memberships.waiverLanguage })
      .from(memberships)
      .where(eq(memberships.userId, await userId(t.db, 'samrivera')));
    expect(row?.waiverLanguage).toBe('es');
  });

  it('waiver_language: Spanish asked for where the club has no Spanish text records English', async () => {
    const athlete = await samClaimsTigers();
    const paid = await t.call('POST', '/api/memberships/checkout', {
      token: athlete,
      headers: { 'Accept-Language': 'es;q=1, es-MX;q=1' },
      body: {
        payment_plan_month: 0,
        team_id: await teamId('12U Tigers'),
        discount_code: 'FULLRIDE',
        waiver_language: 'es',
      },
    });
    expect(paid.status, paid.text).toBe(200);
    const [row] = await t.db
      .select({ waiverLanguage: memberships.waiverLanguage })
      .from(memberships)
      .where(eq(memberships.userId, await userId(t.db, 'samrivera')));
    expect(row?.waiverLanguage).toBe('en');
  });
});

describe("the password-reset e-mail's lang= link", () => {
  async function resetLink(email: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) {
    const answer = await t.call('POST', '/api/auth/password/forgot-password', { body: { email, ...extra }, headers });
    expect(answer.status, answer.text).toBe(200);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .orderBy(asc(mailOutbox.id))
      .limit(1)
      .offset((await t.db.select().from(mailOutbox)).length - 1);
    const link = mail?.text.match(/http\S+\/resetpwd\/forgot\?\S+/)?.[0] ?? '';
    return new URL(link);
  }

  it("follows the account's saved language only: no header, body field or host header puts anything else in it", async () => {
    const hostile = {
      'Accept-Language': 'es',
      Host: 'evil.example',
      'X-Forwarded-Host': 'evil.example',
      'X-Forwarded-Proto': 'http',
      Forwarded: 'host=evil.example',
    };
    const english = await resetLink('parent@example.com', hostile, {
      lang: 'es&token=stolen',
      language: 'es',
      locale: '"><script>',
    });
    expect(english.searchParams.has('lang')).toBe(false);
    expect(english.searchParams.getAll('token')).toHaveLength(1);
    expect(english.hostname).not.toBe('evil.example');
    expect([...english.searchParams.keys()].sort()).toEqual(['email', 'token']);

    const spanish = await resetLink(
      'familia@example.com',
      { 'Accept-Language': 'en', Host: 'evil.example' },
      { lang: 'en' },
    );
    expect(spanish.searchParams.getAll('lang')).toEqual(['es']);
    expect(spanish.hostname).not.toBe('evil.example');
    expect([...spanish.searchParams.keys()].sort()).toEqual(['email', 'lang', 'token']);
  });
});

describe('texts a page shows as the server wrote them, in the request’s language', () => {
  it("a refused claim's message (POST /api/subscribe/claim-license: PAUSED), English unchanged", async () => {
    const athlete = await t.tokenFor('samrivera');
    const claim = (headers: Record<string, string>) =>
      t.call('POST', '/api/subscribe/claim-license', {
        token: athlete,
        headers,
        body: { license_code: 'PAUSED-2027' },
      });
    const spanish = await claim(SPANISH);
    expect(spanish.status, spanish.text).toBe(200);
    expect(spanish.body).toEqual({ status: 'PAUSED', message: 'La organización pausó las inscripciones.' });
    const english = await claim({ 'Accept-Language': 'fr-FR' });
    expect(english.body).toEqual({ status: 'PAUSED', message: 'Registration has been paused by the organization.' });
  });
});
