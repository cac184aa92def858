/**
 * The database driver as installed (docs/ARCHITECTURE.md "Database outages and timeouts"):
 * scripts/patch-postgres.mjs, run by npm's postinstall, guards postgres.js's deferred write
 * against a connection that closed first — without it a PostgreSQL restart under load could end
 * the process with an uncaught TypeError from a setImmediate (the fault suite's pg-restart).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const driver = dirname(createRequire(import.meta.url).resolve('postgres'));

describe('postgres.js as installed', () => {
  it('settles the queries of a closed connection instead of writing to its null socket', () => {
    // `postgres` resolves to cjs/src/index.js; the ESM build the server imports is src/.
    for (const file of [join(driver, 'connection.js'), join(driver, '..', '..', 'src', 'connection.js')]) {
      const text = readFileSync(file, 'utf8');
      const nextWrite = text.slice(
        text.indexOf('function nextWrite('),
        text.indexOf('function connectTimedOut('),
      );
      expect(nextWrite, file).toMatch(/if \(!socket\) \{[^}]*error\(Errors\.connection\('CONNECTION_CLOSED'/);
      // Both teardowns forget the cancelled write, so a reconnected connection flushes again.
      expect(
        text.match(/\n {4}clearImmediate\(nextWriteTimer\)\n {4}chunk = nextWriteTimer = null/g),
        file,
      ).toHaveLength(2);
    }
  });
});
