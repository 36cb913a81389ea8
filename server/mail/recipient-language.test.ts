import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendReceipt } from '../billing/phases.ts';
import { mailOutbox, memberships, staffAccounts, teams, users } from '../db/schema/index.ts';
import { DEFAULT_STAFF_TOKEN } from '../env.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * Issue 31 point 3, through the flows that send them: each e-mail in its recipient's saved language (Lucía Romero,
 * familia@example.com, prefers Spanish); an invitation to an address with no account in the sender's language.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const LUCIA = 'familia@example.com';
const PAT = 'parent@example.com';

const mailsTo = async (to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));

/** The `lang` of each link into the site a mail's text carries ('' for none). */
const linkLanguages = (text: string) =>
  (text.match(/https?:\/\/\S+/g) ?? []).map((link) => new URL(link).searchParams.get('lang') ?? '');

const setLanguage = (email: string, language: 'en' | 'es') =>
  t.db.update(users).set({ language }).where(eq(users.email, email));

describe('e-mails in the recipient language', () => {
  it('sends the password reset in the account language', async () => {
    const res = await t.call('POST', '/api/auth/password/forgot-password', { body: { email: LUCIA } });
    expect(res.status, res.text).toBe(200);
    const [mail] = await mailsTo(LUCIA);
    expect(mail?.subject).toBe('Restablece tu contraseña');
    expect(mail?.text).toMatch(/^Hola, Lucía Romero:\n\nRecibimos una solicitud para restablecer la contraseña/);
    await t.call('POST', '/api/auth/password/forgot-password', { body: { email: PAT } });
    expect((await mailsTo(PAT))[0]?.subject).toBe('Reset your password');
  });

  it("sends a household invitation in the invitee's language, or the inviting guardian's for a new address", async () => {
    const invite = async (email: string, name: string) => {
      const res = await t.call('POST', '/api/household/invites', {
        token: await t.tokenFor(PAT),
        body: { name, email, relationship: 'Mother' },
      });
      expect(res.status, res.text).toBe(201);
      const [mail] = await mailsTo(email);
      return mail!;
    };
    const toLucia = await invite(LUCIA, 'Lucía Romero');
    expect(toLucia.subject).toMatch(/^Pat Rivera te invitó a administrar a .+ en /);
    expect(toLucia.text).toMatch(/^Hola, Lucía Romero:\n\nPat Rivera te invitó a compartir su familia en /);
    expect(toLucia.text).toContain('Este enlace funciona una sola vez y vence en 7 días.');
    expect(linkLanguages(toLucia.text)).toEqual(['es']);

    const toNewOne = await invite('new.one@example.com', 'New One');
    expect(toNewOne.subject).toMatch(/^Pat Rivera invited you to manage /);
    expect(toNewOne.text).toMatch(/\nhttp:\/\/localhost:\d+\/household\/join\?token=[\w-]+\n/);
    await setLanguage(PAT, 'es');
    const toNewTwo = await invite('new.two@example.com', 'New Two');
    expect(toNewTwo.subject).toMatch(/^Pat Rivera te invitó a administrar /);
    expect(linkLanguages(toNewTwo.text)).toEqual(['es']);
  });

  it("sends a staff invitation in the staff account's language, or the inviting staff member's", async () => {
    const [northside] = await t.db
      .select({ organizationId: teams.organizationId, id: teams.id })
      .from(teams)
      .where(eq(teams.name, '12U Tigers'));
    const invite = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', `/api/admin/organizations/${northside!.organizationId}/invites`, {
        token: await staffTokenFor(t.db, STAFF.owner),
        body,
      });
      expect(res.status, res.text).toBe(201);
      const [mail] = await mailsTo(String(body.email));
      return mail!;
    };
    // Ana Torres has a staff account in Spanish; the owner inviting her writes in English.
    const ana = await invite({
      email: 'registradora@northside.example',
      name: 'Ana Torres',
      role: 'coach',
      team_id: northside!.id,
    });
    expect(ana.subject).toBe('Te invitaron a la consola del club de Northside Youth Baseball');
    expect(ana.text).toContain('como entrenador de 12U Tigers en la consola del club.');
    expect(linkLanguages(ana.text)).toEqual(['es']);
    const newStaff = await invite({ email: 'new.staff@example.com', name: 'New Staff', role: 'registrar' });
    expect(newStaff.subject).toBe('You are invited to the Northside Youth Baseball console');
    expect(newStaff.text).toMatch(/\nhttp:\/\/localhost:\d+\/admin\/join\?token=[\w-]+\n/);
    await t.db.update(staffAccounts).set({ language: 'es' }).where(sql`lower(${staffAccounts.email}) = ${STAFF.owner}`);
    expect((await invite({ email: 'nuevo@example.com', name: 'Nuevo', role: 'registrar' })).text).toContain(
      'te invitó a unirte a Northside Youth Baseball como encargado de inscripciones en la consola del club.',
    );
  });

  it('sends the waitlist offer in the guardian language', async () => {
    const joined = await t.call('POST', '/api/waitlist', {
      token: await t.tokenFor(LUCIA),
      body: { license: 'FULL-2027' },
    });
    expect(joined.status, joined.text).toBe(201);
    const raised = await t.call('PUT', '/api/staff/licences/FULL-2027', {
      token: DEFAULT_STAFF_TOKEN,
      body: { available_licenses: 1 },
      headers: { 'If-Match': '*' },
    });
    expect(raised.status, raised.text).toBe(200);
    const [offer] = await mailsTo(LUCIA);
    expect(offer?.subject).toBe('Se abrió un lugar en 12U Tigers');
    expect(offer?.text).toMatch(
      /^Hola, Lucía Romero:\n\nSe abrió un lugar en 12U Tigers y eres el siguiente en su lista de espera\. Te lo guardamos hasta el \d{1,2} [a-z]{3,4}\.? \d{4}, .+ UTC\./,
    );
    expect(offer?.text).toContain('Abre este enlace para inscribirte y pagar como siempre:');
    expect(offer?.text).toMatch(/\nhttp:\/\/localhost:\d+\/licenses\/FULL-2027\?offer=[\w-]+&lang=es\n/);
  });

  it("sends a receipt in the payer's language", async () => {
    const payer = await userId(t.db, 'paid@example.com');
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.userId, payer)).limit(1);
    expect(membership).toBeDefined();
    await setLanguage('paid@example.com', 'es');
    await sendReceipt(t.deps, membership!.id, { amountCents: 47500, card: { brand: 'visa', last4: '4242' } });
    const [receipt] = await mailsTo('paid@example.com');
    expect(receipt?.subject).toMatch(/^Recibo: \$475\.00 por 12U Tigers/);
    expect(receipt?.text).toContain('Gracias por tu pago. Este es tu recibo.');
    expect(receipt?.text).toContain('Monto pagado: $475.00');
    expect(receipt?.text).toContain('Tarjeta: Visa terminada en 4242');
    expect(receipt?.text).toMatch(/Fecha: \d{1,2} de [a-z]+ de \d{4}/);
    expect(receipt?.text).toContain('Plan de pagos: Pagar el total');
    expect(receipt?.text).toMatch(/\nhttp:\/\/localhost:\d+\/payments\?lang=es$/);
    await setLanguage('paid@example.com', 'en');
    await sendReceipt(t.deps, membership!.id, { amountCents: 47500, card: null });
    const english = (await mailsTo('paid@example.com'))[1];
    expect(english?.subject).toMatch(/^Receipt: \$475\.00 for 12U Tigers/);
    expect(english?.text).toMatch(/\nhttp:\/\/localhost:\d+\/payments$/);
  });
});
