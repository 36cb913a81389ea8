import { eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  athleteSchema,
  currentUserSchema,
  emailExistsSchema,
  messageResponseSchema,
  passwordResetResponseSchema,
  userSchema,
} from '../../src/api/schemas.ts';
import { formErrors, isValidForm } from '../../src/domain/form-schema.ts';
import { createAthleteSchema, type NewAthleteFormValues } from '../../src/domain/forms/create-athlete.ts';
import { joinName } from '../../src/domain/names.ts';
import { relationshipToSend } from '../../src/domain/relationships.ts';
import { athleteGuardians, licenceClaims, mailOutbox, rateLimits, users } from '../db/schema/index.ts';
import { fromEnglish, render } from '../i18n/index.ts';
import { rateLimitPruning } from '../services/rate-limit.ts';
import { issueToken } from '../services/tokens.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';

/** A form's message (a key of the shared `form` catalogue group) in English, as the site and the server show it. */
const inEnglish = (message: string | undefined) =>
  message === undefined ? undefined : render('en', fromEnglish(message));

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const login = (email: string, password = 'Password1!') =>
  t.call('POST', '/api/auth/login', { body: { email, password } });

/** With TRUST_PROXY=true, the client address is the right-most X-Forwarded-For entry (what the proxy appended). */
const from = (forwardedFor: string) => ({ headers: { 'X-Forwarded-For': forwardedFor } });
const CLIENT_A = '203.0.113.7';
const CLIENT_B = '198.51.100.20';

const registration = {
  email: 'new.parent@example.com',
  phone: '555-123-4567',
  password: 'Password1!',
  password_confirmation: 'Password1!',
  name: 'Jamie Doe',
};

describe('POST /api/auth/login', () => {
  it('answers the user with a working session token', async () => {
    const user = expectOk(await login('Coach@Example.com'), currentUserSchema);
    expect(user).toMatchObject({ email: 'coach@example.com', is_coach: true, has_subscription: true });
    expect(user.subscription?.status_message).toBe('License active.');
    expect(user.license?.license_code).toBe('COACH-2027');
    const me = expectOk(await t.call('GET', '/api/user', { token: user.token }), userSchema);
    expect(me.id).toBe(user.id);
  });

  it('lets an athlete log in with the username', async () => {
    const user = expectOk(await login('samrivera'), currentUserSchema);
    expect(user.name).toBe('Sam Rivera');
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    const wrong = expectError(await login('parent@example.com', 'wrong-password'), 422);
    const unknown = expectError(await login('nobody@example.com'), 422);
    expect(wrong.messages.email).toEqual(['These credentials do not match our records.']);
    expect(unknown).toEqual(wrong);
  });

  it('rate-limits attempts per address with 429 and Retry-After', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await login('parent@example.com', 'nope')).status).toBe(422);
    const limited = await login('parent@example.com');
    expectError(limited, 429, 'Too many attempts. Please try again later.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address from the same client is not blocked by that counter.
    expect((await login('coach@example.com')).status).toBe(200);
  });

  it('rate-limits per client address across e-mails, in the database every process shares', async () => {
    // 99 attempts from this client (in-process requests share the address `local`) happened elsewhere.
    await t.db.insert(rateLimits).values({ key: 'login:ip:local', windowStartedAt: new Date(), hits: 99 });
    expect((await login('coach@example.com')).status).toBe(200);
    const limited = expectError(await login('parent@example.com'), 429);
    expect(limited.message).toBe('Too many attempts. Please try again later.');
    // The window passes.
    t.setNow(new Date(Date.now() + 16 * 60 * 1000));
    expect((await login('parent@example.com')).status).toBe(200);
  });

  it('lets the owner log in from another client after 50 wrong passwords from one client', async () => {
    await t.close();
    t = await createTestApp({ TRUST_PROXY: 'true' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      // The client also varies the entries it writes itself, left of the one its proxy appended: no way out.
      const wrong = await t.call('POST', '/api/auth/login', {
        body: { email: 'parent@example.com', password: `wrong-${attempt}` },
        ...from(`10.0.${attempt}.1, ${CLIENT_A}`),
      });
      statuses.push(wrong.status);
    }
    expect(statuses).toEqual([...Array(10).fill(422), ...Array(40).fill(429)]);
    const refused = await t.call('POST', '/api/auth/login', {
      body: { email: 'parent@example.com', password: 'Password1!' },
      ...from(CLIENT_A),
    });
    expectError(refused, 429, 'Too many attempts. Please try again later.');

    const owner = await t.call('POST', '/api/auth/login', {
      body: { email: 'parent@example.com', password: 'Password1!' },
      ...from(CLIENT_B),
    });
    expect(expectOk(owner, currentUserSchema).email).toBe('parent@example.com');
  });

  it('limits one address loosely across clients', async () => {
    await t.close();
    t = await createTestApp({ TRUST_PROXY: 'true' });
    // 100 attempts on this address from many clients happened in this window.
    await t.db
      .insert(rateLimits)
      .values({ key: 'login:email:parent@example.com', windowStartedAt: new Date(), hits: 100 });
    expectError(
      await t.call('POST', '/api/auth/login', {
        body: { email: 'parent@example.com', password: 'Password1!' },
        ...from(CLIENT_B),
      }),
      429,
    );
    expect(
      (
        await t.call('POST', '/api/auth/login', {
          body: { email: 'coach@example.com', password: 'Password1!' },
          ...from(CLIENT_B),
        })
      ).status,
    ).toBe(200);
  });

  it('clears the new-account flag', async () => {
    const created = expectOk(await t.call('POST', '/api/auth/register', { body: registration }), currentUserSchema);
    expect(created.is_new).toBe(true);
    expect(expectOk(await login(registration.email), currentUserSchema).is_new).toBe(false);
  });
});

describe('POST /api/website-token/validate', () => {
  it('logs in with the website token of the registration deeplink, and only for its user', async () => {
    const created = expectOk(await t.call('POST', '/api/auth/register', { body: registration }), currentUserSchema);
    expect(created.deeplink).toMatch(/\/login\?userID=\d+&websiteToken=/);
    const link = new URL(created.deeplink!);
    const websiteToken = link.searchParams.get('websiteToken')!;
    const user = expectOk(
      await t.call('POST', '/api/website-token/validate', { body: { user_id: created.id, token: websiteToken } }),
      currentUserSchema,
    );
    expect(user.id).toBe(created.id);
    expect(user.token).not.toBe(created.token);

    const other = await userId(t.db, 'parent@example.com');
    expectError(
      await t.call('POST', '/api/website-token/validate', { body: { user_id: other, token: websiteToken } }),
      401,
      'The authentication token was invalid.',
    );
    // A session token is not a website token.
    expectError(
      await t.call('POST', '/api/website-token/validate', { body: { user_id: created.id, token: created.token } }),
      401,
    );
  });
});

describe('POST /api/auth/register', () => {
  it('creates a new guardian with a token and is_new', async () => {
    const user = expectOk(
      await t.call('POST', '/api/auth/register', {
        body: { ...registration, username: 'jamiedoe', license: 'tigers-2027', do_not_claim: true },
      }),
      currentUserSchema,
    );
    expect(user).toMatchObject({ name: 'Jamie Doe', email: 'new.parent@example.com', is_new: true, is_coach: false });
    expect(user.license?.license_code).toBe('TIGERS-2027');
    expect(user.license?.organization).toMatchObject({
      name: 'Northside Youth Baseball',
      client: { api_subdomain: 'northside' },
    });
    // do_not_claim: the licence is remembered, not claimed.
    const claims = await t.db.select().from(licenceClaims).where(eq(licenceClaims.userId, user.id));
    expect(claims).toHaveLength(0);
  });

  it('with do_not_claim, does not store a paused or full licence as the latest (issue 19 point 3)', async () => {
    for (const [index, license] of ['PAUSED-2027', 'FULL-2027'].entries()) {
      const user = expectOk(
        await t.call('POST', '/api/auth/register', {
          body: { ...registration, email: `unclaimed${index}@example.com`, license, do_not_claim: true },
        }),
        currentUserSchema,
      );
      expect(user.license, license).toBeNull();
      expectError(await t.call('GET', '/api/user/latest-license', { token: user.token }), 404);
      const stored = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(stored[0]?.latestLicenseId, license).toBeNull();
    }
  });

  it('claims a coach licence at registration and makes a coach', async () => {
    const user = expectOk(
      await t.call('POST', '/api/auth/register', { body: { ...registration, license: 'COACH-2027' } }),
      currentUserSchema,
    );
    expect(user.is_coach).toBe(true);
    expect(user.subscription?.status_message).toBe('License active.');
    const info = await t.call('GET', '/api/registration-link/info/COACH-2027');
    expect((info.body as { available_licenses: number }).available_licenses).toBe(2);
  });

  it('refuses an existing address, a mismatched confirmation and an unknown licence', async () => {
    const taken = expectError(
      await t.call('POST', '/api/auth/register', { body: { ...registration, email: 'PARENT@example.com' } }),
      422,
    );
    expect(taken.messages.email).toEqual(['The email has already been taken.']);
    const mismatch = expectError(
      await t.call('POST', '/api/auth/register', { body: { ...registration, password_confirmation: 'Password2!' } }),
      422,
    );
    expect(mismatch.messages.password_confirmation).toEqual(['The password confirmation does not match.']);
    const licence = expectError(
      await t.call('POST', '/api/auth/register', { body: { ...registration, license: 'NOPE-1' } }),
      422,
    );
    expect(licence.messages.license).toEqual(['Sorry, this license is not available.']);
  });

  it('rate-limits registrations per client address, which tell whether an address exists', async () => {
    await t.close();
    t = await createTestApp({ TRUST_PROXY: 'true' });
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const probe = await t.call('POST', '/api/auth/register', {
        body: { ...registration, email: `probe${attempt}@example.com`, password_confirmation: 'Mismatch1!' },
        ...from(CLIENT_A),
      });
      expect(probe.status).toBe(422);
    }
    const limited = await t.call('POST', '/api/auth/register', { body: registration, ...from(CLIENT_A) });
    expectError(limited, 429, 'Too many attempts. Please try again later.');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another client is not affected.
    expectOk(await t.call('POST', '/api/auth/register', { body: registration, ...from(CLIENT_B) }), currentUserSchema);
  });

  it('rate-limits registrations of one address', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const taken = await t.call('POST', '/api/auth/register', {
        body: { ...registration, email: 'parent@example.com' },
      });
      expect(taken.status).toBe(422);
    }
    expectError(
      await t.call('POST', '/api/auth/register', { body: { ...registration, email: 'parent@example.com' } }),
      429,
    );
    expectOk(await t.call('POST', '/api/auth/register', { body: registration }), currentUserSchema);
  });

  it('builds the deeplink from the configured origin, whatever the Host header says', async () => {
    const created = expectOk(
      await t.call('POST', 'http://attacker.example/api/auth/register', {
        body: registration,
        headers: { Host: 'attacker.example', 'X-Forwarded-Host': 'attacker.example' },
      }),
      currentUserSchema,
    );
    expect(created.deeplink).toMatch(/^http:\/\/localhost:5173\/login\?userID=\d+&websiteToken=/);
  });

  it('validates every field with readable messages', async () => {
    const result = expectError(
      await t.call('POST', '/api/auth/register', { body: { email: 'not-an-email', phone: '123', password: 'short' } }),
      422,
    );
    expect(result.messages).toMatchObject({
      email: ['The email field must be a valid email address.'],
      phone: ['The phone field must have at least 10 digits.'],
      password: ['The password field must be at least 8 characters.'],
      password_confirmation: ['The password confirmation field is required.'],
      name: ['The name field is required.'],
    });
    expect(result.message).toMatch(/^The email field must be a valid email address\. \(and \d+ more errors\)$/);
  });
});

describe('POST /api/auth/register-athlete', () => {
  const athlete = {
    name: 'Casey Rivera',
    username: 'caseyrivera',
    password: 'Password1!',
    password_confirmation: 'Password1!',
    relationship: 'Aunt',
  };

  it("creates the athlete, links it with its relationship and answers the athlete's own token", async () => {
    const token = await t.tokenFor('parent@example.com');
    const created = expectOk(
      await t.call('POST', '/api/auth/register-athlete', { token, body: athlete }),
      athleteSchema,
    );
    expect(created).toMatchObject({ name: 'Casey Rivera', relationship: 'Aunt' });
    const me = expectOk(await t.call('GET', '/api/user', { token: created.token }), userSchema);
    expect(me).toMatchObject({ id: created.user_id, username: 'caseyrivera', email: '' });
    const links = await t.db.select().from(athleteGuardians).where(eq(athleteGuardians.athleteId, created.user_id));
    expect(links).toEqual([expect.objectContaining({ guardianId: await userId(t.db, 'parent@example.com') })]);
    const list = await t.call('GET', '/api/user/athletes', { token });
    expect((list.body as { name: string }[]).map((a) => a.name)).toEqual(['Sam Rivera', 'Alex Rivera', 'Casey Rivera']);
  });

  it('refuses athletes, anonymous callers and taken usernames', async () => {
    const samToken = await t.tokenFor('samrivera');
    expectError(await t.call('POST', '/api/auth/register-athlete', { token: samToken, body: athlete }), 403);
    expectError(await t.call('POST', '/api/auth/register-athlete', { body: athlete }), 401, 'Unauthenticated.');
    const token = await t.tokenFor('parent@example.com');
    const taken = expectError(
      await t.call('POST', '/api/auth/register-athlete', { token, body: { ...athlete, username: 'SamRivera' } }),
      422,
    );
    expect(taken.messages.username).toEqual(['The username has already been taken.']);
    const short = expectError(
      await t.call('POST', '/api/auth/register-athlete', { token, body: { ...athlete, username: 'abc' } }),
      422,
    );
    expect(short.messages.username).toEqual(['The username must contain at least 7 characters.']);
  });
});

describe('the create-athlete form and POST /api/auth/register-athlete (issue 19 point 3)', () => {
  const form: NewAthleteFormValues = {
    firstName: 'Casey',
    lastName: 'Rivera',
    relationship: 'Aunt',
    customRelationship: '',
    username: 'caseyrivera',
    password: 'Password1!',
    confirmPassword: 'Password1!',
    email: '',
    phone: '',
  };

  /** What the site sends for the form as typed, whether or not the form lets it through. */
  function payloadOf(values: NewAthleteFormValues) {
    return {
      name: joinName(values.firstName, values.lastName) ?? '',
      username: values.username.trim(),
      password: values.password,
      password_confirmation: values.confirmPassword,
      relationship: relationshipToSend(values.relationship, values.customRelationship) ?? '',
      ...(values.phone.trim() ? { phone: values.phone } : {}),
      ...(values.email.trim() ? { email: values.email.trim() } : {}),
    };
  }

  it('refuse exactly the same entries', async () => {
    const token = await t.tokenFor('parent@example.com');
    const cases: [string, Partial<NewAthleteFormValues>][] = [
      ['a 6-character username', { username: 'casey6' }],
      ['a 7-character username', { username: 'casey07' }],
      ['a username padded with spaces', { username: '  casey08  ' }],
      ['a username with a space inside', { username: 'casey rivera' }],
      ['a username with other characters', { username: 'casey!rivera' }],
      ['a username of 64 characters', { username: 'c'.repeat(64) }],
      ['a username of 65 characters', { username: 'd'.repeat(65) }],
      ['a 7-character password', { username: 'casey09', password: 'Short1!', confirmPassword: 'Short1!' }],
      ['an 8-character password', { username: 'casey10', password: 'Eight1!x', confirmPassword: 'Eight1!x' }],
      ['a mismatched confirmation', { username: 'casey11', confirmPassword: 'Password2!' }],
      [
        'a relationship of 64 characters',
        { username: 'casey12', relationship: 'Other', customRelationship: 'r'.repeat(64) },
      ],
      [
        'a relationship of 65 characters',
        { username: 'casey13', relationship: 'Other', customRelationship: 's'.repeat(65) },
      ],
      ['a full phone', { username: 'casey14', phone: '555-123-4567' }],
      ['a short phone', { username: 'casey15', phone: '555-123' }],
      ['an e-mail', { username: 'casey16', email: ' casey16@example.com ' }],
      ['a broken e-mail', { username: 'casey17', email: 'casey17@' }],
      ['an e-mail without a domain dot', { username: 'casey18', email: 'casey18@example' }],
      ['an e-mail of 255 characters', { username: 'casey19', email: `${'e'.repeat(243)}@example.com` }],
      ['a name of 255 characters', { username: 'casey20', firstName: 'A'.repeat(200), lastName: 'B'.repeat(54) }],
      ['a name of 256 characters', { username: 'casey21', firstName: 'A'.repeat(200), lastName: 'B'.repeat(55) }],
      [
        'a password of 128 characters',
        { username: 'casey22', password: 'p'.repeat(128), confirmPassword: 'p'.repeat(128) },
      ],
      [
        'a password of 129 characters',
        { username: 'casey23', password: 'q'.repeat(129), confirmPassword: 'q'.repeat(129) },
      ],
      ['a phone with letters', { username: 'casey24', phone: '555-123-4567 ext' }],
      ['a phone of 32 characters', { username: 'casey25', phone: `+1 (555) 123-4567${' '.repeat(14)}9` }],
      ['a phone of 33 characters', { username: 'casey26', phone: `+1 (555) 123-4567${' '.repeat(15)}9` }],
      ['a phone written with + ( ) . and spaces', { username: 'casey27', phone: '+1 (555) 123.4567' }],
      ['a phone padded with spaces', { username: 'casey28', phone: '  555-123-4567  ' }],
      ['a phone without digits', { username: 'casey29', phone: '--' }],
      ['a phone with other characters', { username: 'casey30', phone: '555_123_4567' }],
    ];
    for (const [label, change] of cases) {
      const values = { ...form, ...change };
      const response = await t.call('POST', '/api/auth/register-athlete', { token, body: payloadOf(values) });
      expect(response.status === 200 ? 'accepted' : response.status, `${label}: ${response.text}`).toBe(
        isValidForm(createAthleteSchema, values) ? 'accepted' : 422,
      );
    }
  });

  it('show plain texts for a too long password or phone, the same the server answers', async () => {
    const errors = formErrors(createAthleteSchema, {
      ...form,
      password: 'x'.repeat(129),
      confirmPassword: 'x'.repeat(129),
      phone: `555-123-4567${'0'.repeat(21)}`,
    });
    expect([inEnglish(errors.password), inEnglish(errors.phone)]).toEqual([
      'The password may not be longer than 128 characters.',
      'The phone may not be longer than 32 characters.',
    ]);
    expect(inEnglish(formErrors(createAthleteSchema, { ...form, phone: '555-123-4567 ext 9' }).phone)).toBe(
      'The phone field may contain only digits, spaces and + ( ) . -',
    );
    const token = await t.tokenFor('parent@example.com');
    const response = await t.call('POST', '/api/auth/register-athlete', {
      token,
      body: {
        ...payloadOf({ ...form, username: 'casey31' }),
        password: 'x'.repeat(129),
        password_confirmation: 'x'.repeat(129),
        phone: `555-123-4567${'0'.repeat(21)}`,
      },
    });
    const body = expectError(response, 422);
    expect([body.messages.password, body.messages.phone]).toEqual([
      ['The password may not be longer than 128 characters.'],
      ['The phone may not be longer than 32 characters.'],
    ]);
  });

  it("show the server's texts for the username", () => {
    const errors = (username: string) => inEnglish(formErrors(createAthleteSchema, { ...form, username }).username);
    expect(errors('abc')).toBe('The username must contain at least 7 characters.');
    expect(errors('casey rivera')).toBe('The username may contain only letters, digits, . _ and -.');
    expect(errors('')).toBe('Username is required.');
  });
});

describe('POST /api/auth/check-email', () => {
  it('says whether an account exists, case-insensitively', async () => {
    const yes = expectOk(
      await t.call('POST', '/api/auth/check-email', { body: { email: ' Parent@Example.com ' } }),
      emailExistsSchema,
    );
    const no = expectOk(
      await t.call('POST', '/api/auth/check-email', { body: { email: 'nobody@example.com' } }),
      emailExistsSchema,
    );
    expect([yes.exists, no.exists]).toEqual([true, false]);
  });

  it('rate-limits lookups of one address', async () => {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await t.call('POST', '/api/auth/check-email', { body: { email: 'parent@example.com' } })).status).toBe(
        200,
      );
    }
    const limited = await t.call('POST', '/api/auth/check-email', { body: { email: 'parent@example.com' } });
    expectError(limited, 429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token', async () => {
    const token = await t.tokenFor('parent@example.com');
    expectOk(
      await t.call('POST', '/api/auth/logout', { token, body: { email: 'parent@example.com', token } }),
      messageResponseSchema,
    );
    expectError(await t.call('GET', '/api/user', { token }), 401);
  });

  it('revokes the token named in the body without a bearer', async () => {
    const token = await t.tokenFor('parent@example.com');
    expect((await t.call('POST', '/api/auth/logout', { body: { email: 'parent@example.com', token } })).status).toBe(
      200,
    );
    expectError(await t.call('GET', '/api/user', { token }), 401);
  });
});

describe('forgotten password', () => {
  async function requestReset(email: string) {
    expectOk(await t.call('POST', '/api/auth/password/forgot-password', { body: { email } }), messageResponseSchema);
    const [mail] = await t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    return mail;
  }

  it('e-mails a single-use link that resets the password and answers a session token', async () => {
    const mail = await requestReset('parent@example.com');
    expect(mail).toMatchObject({ to: 'parent@example.com', subject: 'Reset your password' });
    // Without PUBLIC_URL (outside production) links go to http://localhost:PORT; PORT defaults to 5173.
    const link = /http:\/\/localhost:5173\/resetpwd\/forgot\?token=[^\s]+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get('email')).toBe('parent@example.com');
    const oldSession = await t.tokenFor('parent@example.com');
    const parentId = await userId(t.db, 'parent@example.com');
    const websiteToken = await issueToken(t.db, parentId, 'website', new Date());

    const reset = {
      email: 'parent@example.com',
      password: 'NewPassword9!',
      password_confirmation: 'NewPassword9!',
      token: url.searchParams.get('token')!,
    };
    const answer = expectOk(
      await t.call('POST', '/api/auth/password/forgot-password-reset', { body: reset }),
      passwordResetResponseSchema,
    );
    expect(answer.token).not.toBeNull();
    expectOk(await t.call('GET', '/api/user', { token: answer.token! }), userSchema);
    expectError(await t.call('GET', '/api/user', { token: oldSession }), 401);
    expectError(
      await t.call('POST', '/api/website-token/validate', { body: { user_id: parentId, token: websiteToken } }),
      401,
    );
    expect((await login('parent@example.com', 'NewPassword9!')).status).toBe(200);
    expect((await login('parent@example.com')).status).toBe(422);

    const again = expectError(await t.call('POST', '/api/auth/password/forgot-password-reset', { body: reset }), 422);
    expect(again.messages.token).toEqual(['This password reset link is invalid or has expired.']);
  });

  it('refuses an expired link and a link used with another address', async () => {
    const mail = await requestReset('parent@example.com');
    const token = new URL(/http:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    const body = { password: 'NewPassword9!', password_confirmation: 'NewPassword9!', token };
    expectError(
      await t.call('POST', '/api/auth/password/forgot-password-reset', {
        body: { ...body, email: 'coach@example.com' },
      }),
      422,
    );
    t.setNow(new Date(Date.now() + 61 * 60 * 1000));
    expectError(
      await t.call('POST', '/api/auth/password/forgot-password-reset', {
        body: { ...body, email: 'parent@example.com' },
      }),
      422,
    );
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await t.call('POST', '/api/auth/password/forgot-password', { body: { email: 'parent@example.com' } });
    const unknown = await t.call('POST', '/api/auth/password/forgot-password', {
      body: { email: 'nobody@example.com' },
    });
    expect(unknown.body).toEqual(known.body);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.map((m) => m.to)).toEqual(['parent@example.com']);
  });

  it.each([
    ['without PUBLIC_URL', {}, 'http://localhost:5173/resetpwd/forgot?token='],
    ['with PUBLIC_URL', { PUBLIC_URL: 'https://app.example.com' }, 'https://app.example.com/resetpwd/forgot?token='],
  ])('never builds the link from the Host or X-Forwarded-Host header (%s)', async (_, env, start) => {
    await t.close();
    t = await createTestApp(env);
    expectOk(
      await t.call('POST', 'http://attacker.example/api/auth/password/forgot-password', {
        body: { email: 'parent@example.com' },
        headers: { Host: 'attacker.example', 'X-Forwarded-Host': 'attacker.example' },
      }),
      messageResponseSchema,
    );
    const [mail] = await t.db.select().from(mailOutbox);
    const links = [...mail!.text.matchAll(/https?:\/\/\S+/g), ...mail!.html.matchAll(/https?:\/\/[^"]+/g)];
    expect(links.map(([link]) => link.startsWith(start))).toEqual([true, true]);
    expect(mail!.text + mail!.html).not.toContain('attacker.example');
  });

  it('uses PUBLIC_URL for the link when configured, and rate-limits requests per address', async () => {
    await t.close();
    t = await createTestApp({ PUBLIC_URL: 'https://app.example.com' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await t.call('POST', '/api/auth/password/forgot-password', { body: { email: 'parent@example.com' } })).status,
      ).toBe(200);
    }
    expectError(
      await t.call('POST', '/api/auth/password/forgot-password', { body: { email: 'parent@example.com' } }),
      429,
    );
    const mails = await t.db.select().from(mailOutbox);
    expect(mails).toHaveLength(5);
    expect(mails[0]!.text).toContain('https://app.example.com/resetpwd/forgot?token=');
  });

  it('lets the owner ask for a reset link from another client after one client used up its requests', async () => {
    await t.close();
    t = await createTestApp({ TRUST_PROXY: 'true' });
    const ask = (client: string) =>
      t.call('POST', '/api/auth/password/forgot-password', { body: { email: 'parent@example.com' }, ...from(client) });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) statuses.push((await ask(CLIENT_A)).status);
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(25).fill(429)]);
    expect((await ask(CLIENT_B)).status).toBe(200);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(6);
  });
});

it('stores only hashes of passwords and tokens', async () => {
  const created = expectOk(await t.call('POST', '/api/auth/register', { body: registration }), currentUserSchema);
  const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
  expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  const dump = JSON.stringify(await t.db.execute('select token_hash from access_tokens'));
  expect(dump).not.toContain(created.token);
});

describe('rate-limit counters', () => {
  const old = { windowStartedAt: new Date(Date.now() - 25 * 60 * 60 * 1000), hits: 3 };

  it('are pruned by the rate limiter now and then, a day after their window started', async () => {
    await t.db.insert(rateLimits).values([
      { key: 'login:email:gone@example.com', ...old },
      { key: 'forgot:email:recent@example.com', windowStartedAt: new Date(Date.now() - 2 * 60 * 60 * 1000), hits: 1 },
    ]);
    expect((await login('coach@example.com')).status).toBe(200);
    await rateLimitPruning(t.db);
    const keys = async () => (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort();
    expect(await keys()).toEqual([
      'forgot:email:recent@example.com',
      'login:email-ip:coach@example.com|local',
      'login:email:coach@example.com',
      'login:ip:local',
    ]);

    // Not at every request: the next prune comes ten minutes later.
    await t.db.insert(rateLimits).values({ key: 'login:email:later@example.com', ...old });
    expect((await login('coach@example.com')).status).toBe(200);
    await rateLimitPruning(t.db);
    expect(await t.db.select().from(rateLimits).where(like(rateLimits.key, '%later%'))).toHaveLength(1);
    t.setNow(new Date(Date.now() + 11 * 60 * 1000));
    expect((await login('coach@example.com')).status).toBe(200);
    await rateLimitPruning(t.db);
    expect(await t.db.select().from(rateLimits).where(like(rateLimits.key, '%later%'))).toHaveLength(0);
  });
});
