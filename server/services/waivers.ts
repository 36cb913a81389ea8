/**
 * Signed waivers on record (issue 32 point 3, docs/architecture.md "Issue 32: signed waivers on record").
 *
 * - Versions: an organization's waiver as the owner saved it is a version (waiver_versions: one row per language,
 *   the text word for word and its SHA-256). `currentWaiverVersion` answers the current one and makes the next
 *   number whenever the saved text differs from the latest version's (the first time, version 1): so any change of
 *   the text, from the console's settings or elsewhere, is a new version, and the next checkout agrees to it.
 * - Agreements: Pay Now is the family's agreement (spec §5: it is sent only once the waiver is ticked). Each checkout
 *   (one athlete, or a household's lines) records, before any money moves, one agreement per athlete line with the
 *   guardian, the version row of the language they read (src/domain/waiver-texts.ts), the time, the address and the
 *   browser. A client that sends `waiver_version` (additive; the site sends the version its payment data or quote
 *   showed, `shownWaiverVersion`) must send the current one: null is no agreement ('You must agree to the terms and
 *   conditions'), another number a text that changed since it was read; both 422, nothing recorded. A request
 *   without it (the spec's own §7 payload, API clients) agrees to the version current at Pay Now.
 * - Membership: the recording of each membership links the latest unlinked agreement of its athlete and team in the
 *   same transaction; where no money moved (a full discount), a membership whose organization has a waiver and no
 *   agreement is refused (422) and nothing is recorded; a payment the provider confirmed is never refused for it
 *   (its checkout recorded the agreement before opening the intent; only intents opened before this have none).
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { hasWaiverText } from '../../src/domain/payment-rules.ts';
import { agreedWaiverLanguage } from '../../src/domain/waiver-texts.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  athleteGuardians,
  type MembershipRow,
  organizations,
  teams,
  users,
  type WaiverVersionRow,
  waiverAgreements,
  waiverVersions,
} from '../db/schema/index.ts';
import { validationError } from '../http/errors.ts';
import { type Locale, text } from '../i18n/index.ts';

/** The field of the checkout bodies (additive) that carries the version the family read. */
export const WAIVER_VERSION_FIELD = 'waiver_version';

/** Longest user agent kept (the header is the client's own words). */
const MAX_USER_AGENT = 512;

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Where an agreement came from: the request's address (server/http/client-ip.ts) and its User-Agent. */
export interface AgreementClient {
  ip: string;
  userAgent: string;
}

export function agreementClient(ip: string, userAgent: string | undefined): AgreementClient {
  return { ip: ip.slice(0, 64), userAgent: (userAgent ?? '').slice(0, MAX_USER_AGENT) };
}

/** The agreement's address and browser columns, cut to size (the route hands them on as the request gave them). */
function clientColumns(client: AgreementClient): { ipAddress: string; userAgent: string } {
  const kept = agreementClient(client.ip, client.userAgent);
  return { ipAddress: kept.ip, userAgent: kept.userAgent };
}

/** A call that came through no request (in-process callers). */
export const LOCAL_CLIENT: AgreementClient = agreementClient('local', undefined);

/** An organization's current waiver version: its number and a row per language written. */
export interface CurrentWaiver {
  version: number;
  rows: Partial<Record<Locale, WaiverVersionRow>>;
}

function sameTexts(rows: WaiverVersionRow[], waiver: string, waiverEs: string | null): boolean {
  const en = rows.find((row) => row.language === 'en');
  const es = rows.find((row) => row.language === 'es');
  return en?.text === waiver && (es?.text ?? null) === waiverEs;
}

/**
 * The organization's current waiver version (null: no waiver), made now when the saved text is not the latest
 * version's (the next number; version 1 the first time). Concurrent callers agree: the unique (organization, version,
 * language) index lets one insert win, and the others read it.
 */
export async function currentWaiverVersion(db: Db | Tx, organizationId: number): Promise<CurrentWaiver | null> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [organization] = await db
      .select({ waiver: organizations.waiver, waiverEs: organizations.waiverEs })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    if (!organization || !hasWaiverText(organization.waiver)) return null;
    const waiver = organization.waiver;
    const waiverEs = hasWaiverText(organization.waiverEs) ? organization.waiverEs : null;
    const [latest] = await db
      .select({ version: waiverVersions.version })
      .from(waiverVersions)
      .where(eq(waiverVersions.organizationId, organizationId))
      .orderBy(desc(waiverVersions.version))
      .limit(1);
    if (latest) {
      const rows = await db
        .select()
        .from(waiverVersions)
        .where(and(eq(waiverVersions.organizationId, organizationId), eq(waiverVersions.version, latest.version)));
      if (sameTexts(rows, waiver, waiverEs)) {
        return { version: latest.version, rows: Object.fromEntries(rows.map((row) => [row.language, row])) };
      }
    }
    const version = (latest?.version ?? 0) + 1;
    const texts: [Locale, string][] =
      waiverEs === null
        ? [['en', waiver]]
        : [
            ['en', waiver],
            ['es', waiverEs],
          ];
    const inserted = await db
      .insert(waiverVersions)
      .values(
        texts.map(([language, body]) => ({ organizationId, version, language, text: body, sha256: sha256Hex(body) })),
      )
      .onConflictDoNothing()
      .returning();
    if (inserted.length === texts.length) {
      return { version, rows: Object.fromEntries(inserted.map((row) => [row.language, row])) };
    }
    // Another request made this number first: read what it made.
  }
  throw new Error(`waiver version of organization ${organizationId} kept changing`);
}

/**
 * The version number of the waiver texts a page shows (the payment data's `team.waiver_version`, the quote's
 * `waivers[].version`), read with the texts it shows: one statement when they are the latest version's (every read
 * after the first), else the current version is made as `currentWaiverVersion` makes it. Null: no waiver.
 */
export async function shownWaiverVersion(
  db: Db | Tx,
  organizationId: number,
  texts: { waiver: string | null; waiverEs: string | null },
): Promise<number | null> {
  if (!hasWaiverText(texts.waiver)) return null;
  const rows = await db
    .select()
    .from(waiverVersions)
    .where(
      and(
        eq(waiverVersions.organizationId, organizationId),
        eq(
          waiverVersions.version,
          sql`(select max(${waiverVersions.version}) from ${waiverVersions} where ${waiverVersions.organizationId} = ${organizationId})`,
        ),
      ),
    );
  const waiverEs = hasWaiverText(texts.waiverEs) ? texts.waiverEs : null;
  const latest = rows[0];
  if (latest && sameTexts(rows, texts.waiver, waiverEs)) return latest.version;
  return (await currentWaiverVersion(db, organizationId))?.version ?? null;
}

/** The version a client sent (undefined: not sent, the spec's own request), checked against the current one. */
export function checkSentVersion(sent: number | null | undefined, current: CurrentWaiver): void {
  if (sent === undefined) return;
  if (sent === null) throw validationError({ [WAIVER_VERSION_FIELD]: [text('waivers.mustAgree')] });
  if (sent !== current.version) throw validationError({ [WAIVER_VERSION_FIELD]: [text('waivers.changed')] });
}

/** One athlete line a checkout is about to pay: the athlete and the team (whose organization's waiver applies). */
export interface AgreementLine {
  athleteId: number;
  teamId: number;
}

/**
 * Records the guardian's agreement for every line whose organization has a waiver (nothing for the others), after
 * checking the version the client sent. Called by each checkout before it opens an intent or records a membership.
 */
export async function recordWaiverAgreements(
  db: Db,
  input: {
    /** The account that pressed Pay Now (the guardian, or on the one-athlete path the athlete's session). */
    guardianId: number;
    lines: AgreementLine[];
    locale: Locale;
    sentVersion: number | null | undefined;
    client: AgreementClient;
    at: Date;
  },
): Promise<void> {
  if (input.lines.length === 0) return;
  const teamRows = await db
    .select({ id: teams.id, organizationId: teams.organizationId })
    .from(teams)
    .where(
      inArray(
        teams.id,
        input.lines.map((line) => line.teamId),
      ),
    );
  const values: (typeof waiverAgreements.$inferInsert)[] = [];
  const currents = new Map<number, CurrentWaiver | null>();
  for (const line of input.lines) {
    const organizationId = teamRows.find((row) => row.id === line.teamId)?.organizationId;
    if (organizationId === undefined) continue;
    if (!currents.has(organizationId)) {
      const current = await currentWaiverVersion(db, organizationId);
      if (current) checkSentVersion(input.sentVersion, current);
      currents.set(organizationId, current);
    }
    const current = currents.get(organizationId);
    if (!current) continue;
    const language =
      agreedWaiverLanguage({ waiver: current.rows.en?.text, waiverEs: current.rows.es?.text }, input.locale) ?? 'en';
    const row = current.rows[language] ?? current.rows.en;
    if (!row) continue;
    values.push({
      waiverVersionId: row.id,
      organizationId,
      teamId: line.teamId,
      guardianId: await guardianFor(db, input.guardianId, line.athleteId),
      athleteId: line.athleteId,
      agreedAt: input.at,
      ...clientColumns(input.client),
    });
  }
  if (values.length > 0) await db.insert(waiverAgreements).values(values);
}

/**
 * Who agreed for an athlete: the account that pressed Pay Now when it is not the athlete's own (a guardian's family
 * checkout); on the spec's one-athlete path the session is the athlete's (their guardian opened it for them), so the
 * athlete's first guardian, as the roster names the guardian (else the athlete, an adult paying for themselves).
 */
async function guardianFor(db: Db, sessionUserId: number, athleteId: number): Promise<number> {
  if (sessionUserId !== athleteId) return sessionUserId;
  const [first] = await db
    .select({ guardianId: athleteGuardians.guardianId })
    .from(athleteGuardians)
    .where(eq(athleteGuardians.athleteId, athleteId))
    .orderBy(asc(athleteGuardians.createdAt), asc(athleteGuardians.guardianId))
    .limit(1);
  return first?.guardianId ?? athleteId;
}

/**
 * In the transaction that records them: links each membership (of an organization with a waiver) to the latest
 * agreement recorded for its athlete and team; without one, `required` refuses the recording (422, the
 * transaction rolls back). Memberships of organizations without a waiver need none.
 */
export async function linkWaiverAgreements(
  tx: Tx,
  created: MembershipRow[],
  { required }: { required: boolean },
): Promise<void> {
  if (created.length === 0) return;
  const waivered = await tx
    .select({ id: teams.id, waiver: organizations.waiver })
    .from(teams)
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(
      inArray(
        teams.id,
        created.map((membership) => membership.teamId),
      ),
    );
  for (const membership of created) {
    if (!hasWaiverText(waivered.find((row) => row.id === membership.teamId)?.waiver)) continue;
    const [agreement] = await tx
      .select({ id: waiverAgreements.id })
      .from(waiverAgreements)
      .where(
        and(
          eq(waiverAgreements.athleteId, membership.userId),
          eq(waiverAgreements.teamId, membership.teamId),
          isNull(waiverAgreements.membershipId),
        ),
      )
      .orderBy(desc(waiverAgreements.agreedAt), desc(waiverAgreements.id))
      .limit(1)
      .for('update');
    if (!agreement) {
      if (required) throw validationError({ [WAIVER_VERSION_FIELD]: [text('waivers.mustAgree')] });
      continue;
    }
    await tx.update(waiverAgreements).set({ membershipId: membership.id }).where(eq(waiverAgreements.id, agreement.id));
  }
}

/** A membership's agreement with its version row (null: none recorded). */
export async function agreementOf(db: Db | Tx, membershipId: number) {
  const [row] = await db
    .select({ agreement: waiverAgreements, version: waiverVersions })
    .from(waiverAgreements)
    .innerJoin(waiverVersions, eq(waiverVersions.id, waiverAgreements.waiverVersionId))
    .where(eq(waiverAgreements.membershipId, membershipId))
    .orderBy(desc(waiverAgreements.id))
    .limit(1);
  return row ?? null;
}

/** The membership page's `waiver_agreement` (issue 32 point 3, additive): who agreed to which version, when, whence. */
export interface WaiverAgreementJson {
  version: number;
  language: Locale;
  sha256: string;
  agreed_at: string;
  guardian: { id: number; name: string };
  ip_address: string;
  user_agent: string;
}

/** `{ waiver_agreement }` when the membership has one recorded, else nothing (the page's answer keeps its shape). */
export async function waiverAgreementField(
  db: Db | Tx,
  membershipId: number,
): Promise<{ waiver_agreement?: WaiverAgreementJson }> {
  const recorded = await agreementOf(db, membershipId);
  if (!recorded) return {};
  const [guardian] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, recorded.agreement.guardianId));
  return {
    waiver_agreement: {
      version: recorded.version.version,
      language: recorded.version.language,
      sha256: recorded.version.sha256,
      agreed_at: recorded.agreement.agreedAt.toISOString(),
      guardian: { id: recorded.agreement.guardianId, name: guardian?.name ?? '' },
      ip_address: recorded.agreement.ipAddress,
      user_agent: recorded.agreement.userAgent,
    },
  };
}
