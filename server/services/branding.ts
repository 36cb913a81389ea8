import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { clients, organizations } from '../db/schema/index.ts';

/** The white label a host shows: the first client's, or its organization's when the subdomain names one. */
export async function whiteLabelOf(db: Db, subdomain: string | null) {
  const [client] = await db.select().from(clients).orderBy(asc(clients.id)).limit(1);
  if (!client) return null;
  const [organization] = subdomain
    ? await db.select().from(organizations).where(eq(organizations.apiSubdomain, subdomain))
    : [];
  // An unknown subdomain gets the client's branding rather than a broken page.
  return {
    imageSet: organization?.imageSet ?? client.imageSet,
    appName: organization?.appName ?? client.appName,
  };
}

/** The website CSS of an organization; undefined when there is no such organization. */
export async function organizationCss(db: Db, organizationId: number): Promise<string | undefined> {
  const [organization] = await db
    .select({ css: organizations.websiteCss })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return organization?.css;
}

/** The website CSS of a client; undefined when there is no such client. */
export async function clientCss(db: Db, clientId: number): Promise<string | undefined> {
  const [client] = await db.select({ css: clients.websiteCss }).from(clients).where(eq(clients.id, clientId));
  return client?.css;
}
