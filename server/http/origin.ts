import type { Env } from '../env.ts';

/**
 * The site's origin for every link the server sends out (e-mails, the registration deeplink): PUBLIC_URL, which
 * production requires (env.ts), else http://localhost:PORT. Never the request's Host or X-Forwarded-Host: anyone can
 * set those, and a reset link built from them would carry a valid token to the sender's own site.
 */
export function siteOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}

/** An absolute link into the site, e.g. siteLink(env, '/resetpwd/forgot', { token, email }). */
export function siteLink(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, path: string, query: Record<string, string> = {}) {
  const url = new URL(path, siteOrigin(env));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}
