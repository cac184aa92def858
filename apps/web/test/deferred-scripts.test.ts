import { describe, expect, it } from 'vitest';
import {
  createModuleTagDeferrer,
  DEFERRED_BOOT_SCRIPT,
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  deferModuleTags,
  PRELOADS_PER_TASK,
} from '../app/lib/deferred-scripts.ts';

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

  it('at the first paint runs the module script and re-adds every preload, a few per task', () => {
    // A document as the server sends it: 12 held-back preloads and the held-back module script.
    type El = {
      tag: string;
      rel?: string;
      href?: string;
      type?: string;
      nonce?: string;
      textContent?: string;
    };
    const held = Array.from({ length: 12 }, (_, i) => ({
      tag: 'link',
      rel: DEFERRED_PRELOAD_REL,
      href: `/assets/m${i}.js`,
    }));
    const script: El & { parentNode?: unknown } = {
      tag: 'script',
      type: DEFERRED_MODULE_TYPE,
      nonce: 'n1',
      textContent: 'import "/assets/root.js";',
    };
    const head: El[] = [];
    let body: El[] = [script];
    const document = {
      visibilityState: 'visible',
      head: { appendChild: (e: El) => head.push(e) },
      querySelector: (sel: string) =>
        sel.includes(DEFERRED_MODULE_TYPE)
          ? (body.find((e) => e.type === DEFERRED_MODULE_TYPE) ?? null)
          : null,
      querySelectorAll: (sel: string) =>
        sel.includes(DEFERRED_PRELOAD_REL) ? held.map((h) => ({ getAttribute: () => h.href })) : [],
      createElement: (tag: string) => ({ tag }),
      addEventListener: () => {},
    };
    script.parentNode = {
      replaceChild: (m: El, old: El) => {
        body = body.map((e) => (e === old ? m : e));
      },
    };
    const tasks: Array<() => void> = [];
    let paint: ((list: { getEntriesByName: (n: string) => unknown[] }) => void) | undefined;
    class PerformanceObserver {
      static supportedEntryTypes = ['paint'];
      constructor(cb: typeof paint) {
        paint = cb;
      }
      observe() {}
      disconnect() {}
    }
    const window: Record<string, unknown> = {};
    new Function(
      'document',
      'window',
      'performance',
      'PerformanceObserver',
      'setTimeout',
      'requestAnimationFrame',
      'addEventListener',
      DEFERRED_BOOT_SCRIPT,
    )(
      document,
      window,
      { now: () => 1 },
      PerformanceObserver,
      (fn: () => void) => tasks.push(fn),
      () => {},
      () => {},
    );
    expect(head).toHaveLength(0);
    paint?.({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) });
    // The first task: the module script, with the page's nonce, and the first preloads.
    expect(body[0]).toMatchObject({
      tag: 'script',
      type: 'module',
      nonce: 'n1',
      textContent: 'import "/assets/root.js";',
    });
    expect(head.map((e) => e.href)).toEqual(held.slice(0, PRELOADS_PER_TASK).map((h) => h.href));
    expect(window.__codiroomBootAt).toBe(1);
    // The rest, PRELOADS_PER_TASK a task, in order and each once.
    let n = 0;
    while (tasks.length) {
      tasks.shift()?.();
      n++;
    }
    expect(n).toBe(Math.ceil(held.length / PRELOADS_PER_TASK) - 1);
    expect(head.map((e) => [e.rel, e.href])).toEqual(held.map((h) => ['modulepreload', h.href]));
  });
});
