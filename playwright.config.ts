import { defineConfig, devices } from '@playwright/test';

/**
 * E2E against the real server and the production build, in Debian's Chromium (never a downloaded browser).
 * `npm run test:e2e` builds first; the server starts on a fresh database in .e2e-data on port 3100.
 */
const PORT = Number(process.env.E2E_PORT || 3100);
/** A second server whose inactivity timeouts are shortened by configuration (INACTIVITY_*_MS), not by code. */
export const SHORT_IDLE_PORT = PORT + 1;
export const SHORT_IDLE = { timeoutMs: 6000, warningMs: 3000 };
/**
 * The operator spec's own server: its notice and maintenance mode are server-wide, and the other specs run beside
 * it (with E2E_WORKERS=2), so they must never meet them.
 */
export const OPERATOR_PORT = PORT + 2;
/** The e2e servers' admin API token (ADMIN_API_TOKEN): print-view tokens and public links in tests. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123456789';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  // One spec file at a time by default. The specs can run side by side (E2E_WORKERS=2): each test makes its own
  // applicant, and what is server-wide (the operator's notice, short idle timeouts) has a server of its own. But on
  // this project's two-core machines two workers saved only 2 of 25 minutes, and the tests that race a timer (a
  // toast's Undo, the idle warning) then missed it in two full runs of three.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 1),
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'tsx e2e/server.ts',
      url: `http://localhost:${PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        DATA_DIR: '.e2e-data/main',
        PUBLIC_URL: `http://localhost:${PORT}`,
        PUBLIC_RATE_LIMIT: '10000',
        LOG_LEVEL: 'warn',
        ADMIN_API_TOKEN: E2E_ADMIN_TOKEN,
      },
    },
    {
      command: 'tsx e2e/server.ts',
      url: `http://localhost:${SHORT_IDLE_PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(SHORT_IDLE_PORT),
        DATA_DIR: '.e2e-data/short-idle',
        PUBLIC_URL: `http://localhost:${SHORT_IDLE_PORT}`,
        PUBLIC_RATE_LIMIT: '10000',
        LOG_LEVEL: 'warn',
        INACTIVITY_TIMEOUT_MS: String(SHORT_IDLE.timeoutMs),
        INACTIVITY_WARNING_MS: String(SHORT_IDLE.warningMs),
      },
    },
    {
      command: 'tsx e2e/server.ts',
      url: `http://localhost:${OPERATOR_PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(OPERATOR_PORT),
        DATA_DIR: '.e2e-data/operator',
        PUBLIC_URL: `http://localhost:${OPERATOR_PORT}`,
        PUBLIC_RATE_LIMIT: '10000',
        LOG_LEVEL: 'warn',
        ADMIN_API_TOKEN: E2E_ADMIN_TOKEN,
      },
    },
  ],
});
