import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { OPERATIONS } from './openapi.ts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  requestBody?: { required?: boolean; content: Record<string, unknown> };
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const PUBLIC_URL = 'https://register.diamond-academy.test';
let t: TestApp;
let document: Document;
beforeAll(async () => {
  // As in production, where PUBLIC_URL is required (server/env.ts): the document's server.
  t = await createTestApp({ PUBLIC_URL });
  const answer = await t.call('GET', '/api/docs');
  expect(answer.status).toBe(200);
  document = answer.body as Document;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${route}`, operation })),
  );

describe('GET /api/docs', () => {
  it('names every operation from the one table, each name once, and the table names no operation that is gone', () => {
    const keys = operations().map(({ key }) => key);
    expect(keys.sort(), 'a row in OPERATIONS (server/http/openapi.ts) for each operation').toEqual(
      Object.keys(OPERATIONS).sort(),
    );
    const ids = operations().map(({ operation }) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(OPERATIONS['GET /api/registration-link/info/{code}']?.operationId).toBe('getLicenceInfo');
  });

  it('declares the security of every operation: none for the public ones, a token for every other', () => {
    for (const { key, operation } of operations()) {
      expect(operation.security, key).toBeDefined();
      if (OPERATIONS[key]?.public) expect(operation.security, key).toEqual([]);
      else expect(operation.security?.length, key).toBeGreaterThan(0);
    }
  });

  it('documents the 413 of every operation, the 415 of every JSON body, and the server', async () => {
    for (const { key, operation } of operations()) {
      expect(Object.keys(operation.responses), key).toContain('413');
      const jsonBody = operation.requestBody?.required === true;
      expect(Object.keys(operation.responses).includes('415'), key).toBe(jsonBody);
    }
    expect(document.servers).toEqual([{ url: PUBLIC_URL, description: expect.any(String) }]);
    // A body sent as text to an operation that takes JSON: the answer the document promises.
    const text = await t.call('POST', '/api/auth/login', {
      rawBody: 'email=a',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it("documents card-setup's body: optional, an object when sent", () => {
    const cardSetup = document.paths['/api/memberships/{id}/card-setup']?.post;
    expect(cardSetup?.requestBody).toEqual({
      required: false,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/EmptyBody' } } },
    });
  });

  it("passes redocly lint's recommended rules", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'diamond-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [cli, 'lint', file, '--extends=recommended', '--format=json'],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr }));
      const report = JSON.parse(stdout) as { problems: { ruleId: string; message: string }[] };
      expect(
        report.problems
          .filter((problem) => problem.ruleId !== 'info-license')
          .filter(
            (problem) =>
              problem.ruleId !== 'no-ambiguous-paths' ||
              !AMBIGUOUS_BY_CONTRACT.some((paths) => paths.every((p) => problem.message.includes(p))),
          )
          .map((problem) => `${problem.ruleId}: ${problem.message}`),
      ).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The two warnings the document keeps, each for a reason: info-license (a private product has no licence to name) and
 * these paths of the contract (docs/api.md) that redocly's no-ambiguous-paths warns about: `duplicate-status` could be an
 * `{id}` by their templates alone, but `{id}` is an integer, so no request matches both.
 */
const AMBIGUOUS_BY_CONTRACT = [
  ['/api/memberships/duplicate-status/{athlete}', '/api/memberships/{id}/card-setup'],
  ['/api/memberships/duplicate-status/{athlete}', '/api/memberships/{id}/card`'],
  ['/api/memberships/duplicate-status/{athlete}', '/api/memberships/{id}/collect'],
  // Issue 32 point 2: the upload of a membership's document, the same way.
  ['/api/memberships/duplicate-status/{athlete}', '/api/memberships/{id}/documents'],
  ['/api/memberships/duplicate-status/{athlete}', '/api/memberships/{id}/waiver.pdf'],
  ['/api/memberships/duplicate-status/{athlete}', '/api/memberships/{id}/answers'],
];
