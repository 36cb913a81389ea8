import type { LicenceRow, ProtectionPlanRow, SeasonRow } from '../../db/schema/index.ts';
import type { DuesOrganization, DuesTeam } from './team-dues.ts';

/** What the pricing reads of an athlete's latest licence. */
export type QuoteLicence = Pick<LicenceRow, 'id' | 'code' | 'kind' | 'availableLicenses' | 'paused' | 'expiresOn'>;

/** One requested athlete of the caller's household, as priceLines reads it. */
export interface AthleteRow {
  id: number;
  name: string | null;
  licence: QuoteLicence | null;
  team: DuesTeam | null;
  organization: DuesOrganization | null;
  season: SeasonRow | null;
  protectionPlan: ProtectionPlanRow | null;
  claims: { licenceId: number; paused: boolean }[];
  isMember: boolean;
  paidInSeason: number;
  waiverVersion: number | null;
  /** Issue 34: the approved award for the team's season, in cents; 0 when none. */
  award: number;
}

/** A value of the quote's JSON that is not what the statement builds: a fault of ours, answered as a 500. */
class AthleteJsonError extends Error {}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function record(value: unknown, path: string): Json {
  if (!isRecord(value)) throw new AthleteJsonError(`${path} is not an object`);
  return value;
}

function int(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new AthleteJsonError(`${path} is not an integer`);
  return value;
}

const intOrNull = (value: unknown, path: string) => (value === null ? null : int(value, path));

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new AthleteJsonError(`${path} is not a string`);
  return value;
}

const stringOrNull = (value: unknown, path: string) => (value === null ? null : string(value, path));

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new AthleteJsonError(`${path} is not a boolean`);
  return value;
}

function list<T>(value: unknown, path: string, item: (value: unknown, path: string) => T): T[] {
  if (!Array.isArray(value)) throw new AthleteJsonError(`${path} is not an array`);
  return value.map((each, index) => item(each, `${path}[${index}]`));
}

/** A joined row's object (null when the left join found none) read by `read`. */
function joined<T>(value: unknown, path: string, read: (fields: Json) => T): T | null {
  return value === null || value === undefined ? null : read(record(value, path));
}

function licenceKind(value: unknown, path: string): QuoteLicence['kind'] {
  if (value === 'team' || value === 'coach') return value;
  throw new AthleteJsonError(`${path} is not a licence kind`);
}

/** A team's dues context as the quote's statements send it once per team (lines.ts `teamContextJson`). */
type TeamContext = Pick<
  AthleteRow,
  'team' | 'organization' | 'season' | 'protectionPlan' | 'paidInSeason' | 'waiverVersion'
>;

const NO_TEAM: TeamContext = {
  team: null,
  organization: null,
  season: null,
  protectionPlan: null,
  paidInSeason: 0,
  waiverVersion: null,
};

/** A JSON column as the driver gives it: parsed (node-postgres and PGlite parse json), or text parsed here. */
const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

function teamContextOf(value: unknown): TeamContext {
  const row = record(parsed(value), 'teamContext');
  return {
    team: joined(row.team, 'team', (t) => ({
      id: int(t.id, 'team.id'),
      name: string(t.name, 'team.name'),
      totalDuesCents: int(t.totalDuesCents, 'team.totalDuesCents'),
      athleteDepositCents: int(t.athleteDepositCents, 'team.athleteDepositCents'),
      paymentPlanFeeCents: int(t.paymentPlanFeeCents, 'team.paymentPlanFeeCents'),
      appFeeCents: int(t.appFeeCents, 'team.appFeeCents'),
      isAppFeeItemized: boolean(t.isAppFeeItemized, 'team.isAppFeeItemized'),
      planMonths: list(t.planMonths, 'team.planMonths', int),
    })),
    organization: joined(row.organization, 'organization', (o) => ({
      id: int(o.id, 'organization.id'),
      name: string(o.name, 'organization.name'),
      waiver: stringOrNull(o.waiver, 'organization.waiver'),
      waiverEs: stringOrNull(o.waiverEs, 'organization.waiverEs'),
      stripeAccountId: stringOrNull(o.stripeAccountId, 'organization.stripeAccountId'),
      secondAthletePercent: intOrNull(o.secondAthletePercent, 'organization.secondAthletePercent'),
      furtherAthletePercent: intOrNull(o.furtherAthletePercent, 'organization.furtherAthletePercent'),
    })),
    season: joined(row.season, 'season', (s) => ({
      id: int(s.id, 'season.id'),
      organizationId: int(s.organizationId, 'season.organizationId'),
      name: string(s.name, 'season.name'),
      startDate: string(s.startDate, 'season.startDate'),
      firstInstallmentOn: string(s.firstInstallmentOn, 'season.firstInstallmentOn'),
    })),
    protectionPlan: joined(row.protectionPlan, 'protectionPlan', (p) => ({
      id: int(p.id, 'protectionPlan.id'),
      organizationId: int(p.organizationId, 'protectionPlan.organizationId'),
      description: string(p.description, 'protectionPlan.description'),
      amountCents: int(p.amountCents, 'protectionPlan.amountCents'),
    })),
    paidInSeason: intOrNull(row.paidInSeason ?? null, 'paidInSeason') ?? 0,
    waiverVersion: intOrNull(row.waiverVersion ?? null, 'waiverVersion'),
  };
}

function athleteRowOf(value: unknown, contexts: Map<number, TeamContext>): AthleteRow {
  const row = record(parsed(value), 'athlete');
  const teamId = intOrNull(row.teamId ?? null, 'teamId');
  const context = teamId === null ? NO_TEAM : contexts.get(teamId);
  if (!context) throw new AthleteJsonError(`team ${teamId} came without its context`);
  return {
    id: int(row.id, 'id'),
    name: stringOrNull(row.name, 'name'),
    licence: joined(row.licence, 'licence', (l) => ({
      id: int(l.id, 'licence.id'),
      code: string(l.code, 'licence.code'),
      kind: licenceKind(l.kind, 'licence.kind'),
      availableLicenses: int(l.availableLicenses, 'licence.availableLicenses'),
      paused: boolean(l.paused, 'licence.paused'),
      expiresOn: stringOrNull(l.expiresOn, 'licence.expiresOn'),
    })),
    ...context,
    claims: list(row.claims ?? [], 'claims', (claim, path) => {
      const fields = record(claim, path);
      return {
        licenceId: int(fields.licenceId, `${path}.licenceId`),
        paused: boolean(fields.paused, `${path}.paused`),
      };
    }),
    isMember: row.isMember === true,
    award: intOrNull(row.award ?? null, 'award') ?? 0,
  };
}

/**
 * The athletes of the quote's statements (lines.ts `athleteColumns`), read and checked field by field: each row's
 * athlete (null on the session statement's row when no requested athlete was found) with the context its team's
 * first row carries.
 */
export function athleteRowsOf(rows: readonly { athlete: unknown; teamContext: unknown }[]): AthleteRow[] {
  const contexts = new Map<number, TeamContext>();
  for (const { teamContext } of rows) {
    if (teamContext === null || teamContext === undefined) continue;
    const context = teamContextOf(teamContext);
    if (context.team) contexts.set(context.team.id, context);
  }
  const athletes: AthleteRow[] = [];
  for (const { athlete } of rows)
    if (athlete !== null && athlete !== undefined) athletes.push(athleteRowOf(athlete, contexts));
  return athletes;
}
