#!/usr/bin/env node
// Run by `npm install` / `npm ci` (postinstall): guards postgres.js's deferred write against a
// connection that closed first (docs/ARCHITECTURE.md "Database outages and timeouts").
//
// postgres.js 3.4.x batches a small write behind setImmediate(nextWrite). When the connection
// closes before that runs (PostgreSQL restarted or stopped under load), `closed()` sets the socket
// to null and nextWrite throws `Cannot read properties of null (reading 'write')` from the
// immediate: an uncaught exception that ends the whole process (porsager/postgres issues 1066,
// 1154 and 1208; the fault suite's pg-restart met it). Both teardowns also cancel the immediate
// without clearing it, so a connection that reconnects never flushes a small write again. The patch:
// nextWrite settles the pending queries with CONNECTION_CLOSED instead of throwing, and the
// teardowns clear the timer and the buffered bytes. Idempotent; fails when the driver's text is
// neither the known one nor already patched (an upgrade must look at this again).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MARK = '/* codiroom: guarded nextWrite */';
const repo = join(import.meta.dirname, '..');
// Hoisted, or the API workspace's own copy (postgres is not installed in every layout).
const roots = [join(repo, 'node_modules', 'postgres'), join(repo, 'apps', 'api', 'node_modules', 'postgres')];

const replacements = [
  [
    '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    `  function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
  ],
  // terminate() and closed(): the cancelled immediate is forgotten with its bytes.
  [
    '    clearImmediate(nextWriteTimer)\n    if (socket) {',
    '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    if (socket) {',
  ],
  [
    "    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)",
    "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener('data', data)",
  ],
];

let patched = 0;
for (const file of roots.flatMap((root) =>
  ['src', 'cjs/src', 'cf/src'].map((f) => join(root, f, 'connection.js')),
)) {
  if (!existsSync(file)) continue;
  let text = readFileSync(file, 'utf8');
  if (text.includes(MARK)) continue;
  for (const [from, to] of replacements) {
    if (!text.includes(from)) {
      console.error(
        `patch-postgres: ${file} is not the postgres.js text this patch knows; check the driver's nextWrite guard`,
      );
      process.exit(1);
    }
    text = text.replace(from, to);
  }
  writeFileSync(file, text);
  patched += 1;
}
if (patched) console.log(`patch-postgres: guarded nextWrite in ${patched} build(s) of postgres.js`);
