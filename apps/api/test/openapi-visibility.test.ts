/**
 * The OpenAPI document in production (docs/ARCHITECTURE.md, "Security"; platform/openapi.ts): the
 * back office's operations only for a request with the admin key, on `/api/openapi.json` and on
 * the Swagger UI's document; elsewhere than in production the whole document for everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY_HEADERS, createMember, createTestApp, type TestApp } from './helpers.ts';

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'openapi-test-secret-openapi-test-secret',
  SOLAPI_API_KEY: 'test',
  SOLAPI_API_SECRET: 'test',
  SOLAPI_SENDER: '0200000000',
  SOLAPI_BASE_URL: 'http://127.0.0.1:9',
  PUBLIC_ORIGIN: 'https://codiroom.example',
};

type Doc = { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };

/** Operations an operator must call: under /api/admin/ or secured by the admin key or session. */
function operatorOperations(doc: Doc): string[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(
        ([, op]) =>
          path.startsWith('/api/admin/') ||
          (op.security ?? []).some((s) => 'adminKey' in s || 'operatorSession' in s),
      )
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}

let prod: TestApp;
let dev: TestApp;
beforeAll(async () => {
  prod = await createTestApp({ env: PRODUCTION_ENV });
  dev = await createTestApp();
});
afterAll(async () => {
  await prod?.close();
  await dev?.close();
});

describe('the OpenAPI document', () => {
  it('in production leaves out the back office for anyone without the admin key', async () => {
    const member = await createMember(prod.ctx);
    for (const url of ['/api/openapi.json', '/api/docs/json']) {
      for (const headers of [{}, member.headers, { 'x-admin-key': 'wrong-key' }]) {
        const res = await prod.app.inject({ url, headers });
        expect(res.statusCode).toBe(200);
        const doc = res.json() as Doc;
        expect(operatorOperations(doc)).toEqual([]);
        expect(res.body).not.toContain('/api/admin/');
        // The shop's own operations are all still there.
        expect(doc.paths['/api/users/sign-in']?.post).toBeDefined();
        expect(doc.paths['/api/carts']?.get).toBeDefined();
      }
      const full = (await prod.app.inject({ url, headers: ADMIN_KEY_HEADERS })).json() as Doc;
      expect(operatorOperations(full)).toEqual(
        expect.arrayContaining(['POST /api/admin/auth/login', 'GET /api/admin/audit-logs']),
      );
    }
    const yaml = await prod.app.inject({ url: '/api/docs/yaml' });
    expect(yaml.body).not.toContain('/api/admin/');
  });

  it('elsewhere than in production is whole for everyone', async () => {
    const doc = (await dev.app.inject({ url: '/api/openapi.json' })).json() as Doc;
    expect(operatorOperations(doc)).toContain('POST /api/admin/auth/login');
  });
});
