#!/usr/bin/env node
// Writes a brotli (quality 11) and a gzip (level 9) copy next to every text file of the client
// build, which the server sends as they are (@fastify/static's preCompressed): the best
// compression once at build time instead of a fast, weaker one per request (docs/ARCHITECTURE.md
// "Storefront speed").
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../build/client/', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
let files = 0;
let raw = 0;
let br = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name)) {
      const buf = readFileSync(path);
      if (buf.length < 1024) continue; // the server's compression threshold
      const b = brotliCompressSync(buf, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
        },
      });
      writeFileSync(`${path}.br`, b);
      writeFileSync(`${path}.gz`, gzipSync(buf, { level: 9 }));
      files += 1;
      raw += buf.length;
      br += b.length;
    }
  }
}
walk(root);
console.log(
  `precompressed ${files} files: ${Math.round(raw / 1024)} KB → ${Math.round(br / 1024)} KB brotli`,
);
