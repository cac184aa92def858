/**
 * The web build some API tests mount (the storefront behind Fastify). Without it those tests are
 * skipped on a developer's machine; with REQUIRE_WEB_BUILD=1 (CI, after `npm run build`) a missing
 * or stale build fails the file instead, so CI never passes with them silently skipped.
 * TEST_WEB_BUILD names a build made elsewhere from these sources (apps/web/build by default).
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const WEB_BUILD =
  process.env.TEST_WEB_BUILD ?? fileURLToPath(new URL('../../web/build', import.meta.url));
export const WEB_SERVER_ENTRY = `${WEB_BUILD}/server/index.js`;

/** Why the build cannot serve a test (absent, or older than `source`), or null when it can. */
export function webBuildProblem(source?: string): string | null {
  if (!existsSync(WEB_SERVER_ENTRY)) return `no web build at ${WEB_BUILD}`;
  if (source && statSync(WEB_SERVER_ENTRY).mtimeMs < statSync(source).mtimeMs) {
    return `the web build is older than ${source}`;
  }
  return null;
}

/**
 * Whether the tests needing the build run here: true when it is present (and newer than `source`);
 * false when not, unless REQUIRE_WEB_BUILD is set, where it throws (the test file fails).
 */
export function webBuildReady(source?: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const problem = webBuildProblem(source);
  if (problem === null) return true;
  if (env.REQUIRE_WEB_BUILD === '1' || env.REQUIRE_WEB_BUILD === 'true') {
    throw new Error(
      `${problem}: REQUIRE_WEB_BUILD is set, so this test may not be skipped (run npm run build first)`,
    );
  }
  return false;
}
