import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { corsHeaders } from './cors.ts';
import { setAnswerHeader } from './response-headers.ts';

function app() {
  const allowed = new Set(['https://site.example']);
  const hono = new Hono();
  hono.use(
    '*',
    corsHeaders({
      origin: (origin) => (allowed.has(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Authorization'],
      exposeHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge: 600,
    }),
  );
  hono.get('/ok', (c) => c.json({ ok: true }));
  hono.get('/vary', (c) => c.json({ ok: true }, 200, { Vary: 'Accept-Encoding' }));
  hono.get('/fails', () => {
    throw new Error('boom');
  });
  hono.onError((_error, c) => c.json({ message: 'Server Error' }, 500));
  return hono;
}

describe('corsHeaders', () => {
  it('allows a listed origin on the answer, exposes the headers and varies on Origin', async () => {
    const res = await app().request('/ok', { headers: { Origin: 'https://site.example' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After,X-Request-Id');
    expect(res.headers.get('vary')).toBe('Origin');
  });

  it('allows no other origin, and keeps a Vary the route set', async () => {
    const res = await app().request('/vary', { headers: { Origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Origin');
    const sameOrigin = await app().request('/ok');
    expect(sameOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sets its headers on an error answer too', async () => {
    const res = await app().request('/fails', { headers: { Origin: 'https://site.example' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://site.example');
  });

  it('answers every OPTIONS request as a preflight (204)', async () => {
    const res = await app().request('/ok', {
      method: 'OPTIONS',
      headers: { Origin: 'https://site.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,POST,OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type,Authorization');
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('vary')).toBe('Origin, Access-Control-Request-Headers');
    const refused = await app().request('/ok', { method: 'OPTIONS', headers: { Origin: 'https://evil.example' } });
    expect(refused.status).toBe(204);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('setAnswerHeader', () => {
  it('sets the header on the answer itself, and on a copy when its headers cannot change', async () => {
    const hono = new Hono();
    let kept = false;
    hono.use('*', async (c, next) => {
      await next();
      const before = c.res;
      setAnswerHeader(c, 'X-Test', 'yes');
      kept = c.res === before;
    });
    hono.get('/json', (c) => c.json({ ok: true }));
    // Headers that refuse changes, as Response.redirect()'s or a fetch() result's do (built by hand: under the
    // server project @hono/node-server may have replaced the global Response, whose redirect headers are mutable).
    hono.get('/redirect', () => {
      const answer = new Response(null, { status: 302, headers: { Location: 'https://site.example/' } });
      const headers = answer.headers;
      const refusing = new Proxy(headers, {
        get(target, property) {
          if (property === 'set' || property === 'append') {
            return () => {
              throw new TypeError('immutable');
            };
          }
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      Object.defineProperty(answer, 'headers', { get: () => refusing });
      return answer;
    });
    const res = await hono.request('/json');
    expect(res.headers.get('x-test')).toBe('yes');
    expect(kept).toBe(true);
    const immutable = await hono.request('/redirect');
    expect(immutable.status).toBe(302);
    expect(immutable.headers.get('x-test')).toBe('yes');
    expect(kept).toBe(false);
  });
});
