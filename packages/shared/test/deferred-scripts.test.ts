import { describe, expect, it } from 'vitest';
import {
  createModuleTagDeferrer,
  DEFERRED_BOOT_SCRIPT,
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  deferModuleTags,
} from '../src/deferred-scripts.ts';

// What React Router's <Scripts> writes (React 19 hoists the preloads into <head>).
const PAGE =
  '<head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>' +
  '<link rel="stylesheet" href="/assets/styles-B.css" data-precedence="default"/></head>' +
  '<body><p>코디룸 &lt;link rel="modulepreload"&gt;</p>' +
  '<script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root-C.js";</script></body>';

describe('deferred module scripts', () => {
  it('holds back module preloads and module scripts, and nothing else', () => {
    const out = deferModuleTags(PAGE);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out).toContain(
      `<link rel="${DEFERRED_PRELOAD_REL}" href="/assets/entry.client-A.js" nonce="n1"/>`,
    );
    expect(out).toContain(`<script nonce="n1" type="${DEFERRED_MODULE_TYPE}" async="">import * as route0`);
    // The stylesheet, the classic inline script and escaped page text are untouched.
    expect(out).toContain('<link rel="stylesheet" href="/assets/styles-B.css"');
    expect(out).toContain('<script nonce="n1">window.__reactRouterContext');
    expect(out).toContain('&lt;link rel="modulepreload"&gt;');
  });

  it('gives the same HTML whatever the chunk boundaries of the stream', () => {
    const whole = deferModuleTags(PAGE);
    for (let size = 1; size <= 40; size++) {
      const d = createModuleTagDeferrer();
      let out = '';
      for (let i = 0; i < PAGE.length; i += size) out += d.push(PAGE.slice(i, i + size));
      out += d.flush();
      expect(out).toBe(whole);
    }
  });

  it('boots from the same type and rel the server writes', () => {
    expect(DEFERRED_BOOT_SCRIPT).toContain(`'${DEFERRED_MODULE_TYPE}'`);
    expect(DEFERRED_BOOT_SCRIPT).toContain(`'${DEFERRED_PRELOAD_REL}'`);
    expect(DEFERRED_BOOT_SCRIPT).toContain("m.type='module'");
    expect(DEFERRED_BOOT_SCRIPT).toContain('m.nonce=s.nonce');
    expect(DEFERRED_BOOT_SCRIPT).toContain("'first-contentful-paint'");
    // It is valid JavaScript.
    expect(() => new Function(DEFERRED_BOOT_SCRIPT)).not.toThrow();
  });
});
