/**
 * The one id schema of the API (issue 19 point 7): every id in a path, query or body is a whole number from 1 to
 * PostgreSQL's integer maximum, so an id beyond the column's range answers 422 instead of reaching the database (where
 * it failed with 500). The bounds are declared in the OpenAPI document (minimum/maximum), so the fuzz test
 * (server/test/openapi-fuzz.test.ts) sends values just outside them.
 */
import { z } from '@hono/zod-openapi';

/** The smallest and largest id: serial columns start at 1 and are PostgreSQL `integer`s. */
export const ID_MIN = 1;
export const ID_MAX = 2_147_483_647;

/** An id in a JSON body. */
export const id = z.number().int().min(ID_MIN).max(ID_MAX);

/** Digits only: JavaScript's Number() also reads '0x10', '1e1', ' 1' and '+1' as ids (16, 10, 1, 1). */
const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * Text of decimal digits read as a whole number from `min` to `max`; any other spelling stays text and fails the number
 * schema (a query's page number as its ids).
 */
export const decimalWhole = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_DIGITS.test(value) ? Number(value) : value),
    z.number().int().min(min).max(max),
  );

/** Text of decimal digits read as an id. */
const decimalId = () => decimalWhole(ID_MIN, ID_MAX);

/**
 * An id in the path (text of decimal digits, read as a number), with the same declared bounds. Any other spelling stays
 * text and is refused as not a number (422), instead of naming another row.
 */
export const idParam = (name: string) =>
  decimalId().openapi({ param: { name, in: 'path' }, type: 'integer', minimum: ID_MIN, maximum: ID_MAX });

/**
 * An optional id in the query string (`?season_id=`), read as path ids are: '1e0', '0x1', ' 1', '+1' or '1.0' are
 * refused (422) instead of naming season 1.
 */
export const idQuery = (name: string) =>
  decimalId()
    .optional()
    .openapi({ param: { name, in: 'query' }, type: 'integer', minimum: ID_MIN, maximum: ID_MAX });
