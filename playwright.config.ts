import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3111);
export const E2E_ADMIN_KEY = 'e2e-admin-key-0123456789abcdef';
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/codiroom-e2e-${process.pid}`;
/**
 * An already running server to drive (CI's production pass: `E2E_BASE_URL=http://127.0.0.1:PORT
 * npx playwright test --grep @smoke`); unset, Playwright starts the built server itself.
 */
const BASE_URL = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL ?? `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: BASE_URL
    ? undefined
    : {
        command: `rm -rf ${DATA_DIR} && node apps/api/dist/server.mjs`,
        url: `http://127.0.0.1:${PORT}/api/health`,
        timeout: 120_000,
        reuseExistingServer: false,
        env: {
          PORT: String(PORT),
          HOST: '127.0.0.1',
          // The origin the journeys browse: canonical links, sitemap.xml and the OAuth redirect_uri use it.
          PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
          DATA_DIR,
          SEED_PRODUCTS: '300',
          LOG_LEVEL: 'warn',
          ADMIN_API_KEY: E2E_ADMIN_KEY,
          // Drafts wait for a curator (the journeys publish them as one would) for an hour.
          CURATION_PUBLISH_DELAY_MIN: '60',
          // Every journey signs up from this one address: the per-address SMS limit is for the world.
          SMS_IP_HOURLY_LIMIT: '1000',
          // Likewise every journey's searches without an exact hit.
          SEARCH_TYPO_LIMIT: '1000',
          // The error screen's contact address comes from configuration (promises-spec1).
          SITE_ERROR_CONTACT_EMAIL: 'errors@codiroom.test',
        },
      },
});
