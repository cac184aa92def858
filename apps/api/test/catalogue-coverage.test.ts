/**
 * API-CATALOGUE.md coverage: every catalogue row (API_ROUTES, transcribed from the catalogue and
 * checked against it in packages/shared/test/api-client.test.ts) has a route with the catalogue's
 * access level, read from the generated OpenAPI document. Rows whose capability is still an open
 * issue are listed in PENDING; the list may only shrink — a pending row that gains a route fails
 * the test until it is removed from the list.
 */
import { API_ROUTES, type ApiAccess, WIDENED_ACCESS } from '@codiroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/** Catalogue rows without a route yet, by the open issue that brings them. */
const PENDING = new Set<string>([]);

type Operation = { security?: Record<string, string[]>[] };

const accessOf = (op: Operation): ApiAccess => {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s)).sort();
  if (schemes.length === 0) return 'public';
  if (schemes.includes('guestId')) return 'guest';
  if (schemes.includes('adminKey')) return 'admin';
  return 'token';
};

/** `/api/x/{id}/y` and `/api/x/{product_id}/y` compare equal. */
const template = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

let t: TestApp;
let operations: Map<string, Operation>;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = new Map();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.set(`${method.toUpperCase()} ${template(path)}`, op);
    }
  }
});
afterAll(() => t?.close());

const rows = Object.entries(API_ROUTES as Record<string, ApiAccess>);

describe('API-CATALOGUE.md coverage', () => {
  it.each(rows.filter(([k]) => !PENDING.has(k)))('%s answers with access %s', (key, access) => {
    const [method, path] = key.split(' ') as [string, string];
    const op = operations.get(`${method} ${template(path)}`);
    expect(op, `${key} has no route`).toBeDefined();
    // Rows the server widens (WIDENED_ACCESS, packages/shared/src/api-routes.ts) answer wider.
    expect(accessOf(op as Operation)).toBe(WIDENED_ACCESS[key as keyof typeof WIDENED_ACCESS] ?? access);
  });

  it('lists as pending only rows that still lack a route', () => {
    const done = [...PENDING].filter((k) => {
      const [method, path] = k.split(' ') as [string, string];
      return operations.has(`${method} ${template(path)}`);
    });
    expect(done).toEqual([]);
    for (const k of PENDING) expect(Object.keys(API_ROUTES)).toContain(k);
  });
});
