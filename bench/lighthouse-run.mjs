// Shared by bench/lighthouse.mjs and bench/long-tasks.mjs: Debian's Chromium as Lighthouse drives
// it, the mobile settings both measure with, and the warm-up before measuring.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** Debian's Chromium (/usr/bin/chromium or CHROME_PATH), headless; never a downloaded browser. */
export function launchChromium() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * One Lighthouse run, mobile with simulated throttling (1.6 Mbps, 150 ms round trips, the CPU
 * slowed four times) at 390 × 844; `extra` adds settings (categories, trace categories).
 */
export function runLighthouse(url, chrome, extra = {}) {
  return lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false },
    ...extra,
  });
}

/**
 * Requests a page once and the WebP pictures it shows: the first request of a .webp draws and
 * encodes it (kept afterwards, as a CDN would keep it), which is not what a shopper's page load
 * costs.
 */
export async function warmPage(origin, path) {
  const html = await (await fetch(`${origin}${path}`)).text();
  const images = new Set(html.match(/\/api\/images\/[^"'\s)]+\.webp/g) ?? []);
  await Promise.all([...images].map((u) => fetch(`${origin}${u}`).then((r) => r.arrayBuffer())));
}
