import { expect } from 'vitest';
import { z } from 'zod/mini';
import { errorBodySchema } from '../../src/api/schemas.ts';
import type { CallResult } from './app-harness.ts';

/** Asserts an error answer: its status and the documented `{ message, messages }` body. */
export function expectError(result: CallResult, status: number, message?: string | RegExp) {
  expect(result.status, result.text).toBe(status);
  const body = z.parse(errorBodySchema, result.body);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

/** Parses a successful answer with the site's own schema, so a drift from docs/api.md fails the test. */
export function expectOk<T extends z.ZodMiniType>(result: CallResult, schema: T): z.output<T> {
  expect(result.status, result.text).toBe(200);
  return z.parse(schema, result.body);
}
