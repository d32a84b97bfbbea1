import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __INFRA_VERSION__: JSON.stringify(pkg.version) },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Test files share their worker's module cache: the suite runs twice in CI (Node 20 and
    // 24) on 2 cores, and re-importing src for each test file cost a third of its time.
    // Nothing in src keeps module-level state (no singletons), which is what makes this safe.
    isolate: false,
    // vitest's default on 2 cores is one worker (cores - 1): the suite ran file after file
    // while most e2e files wait on the processes they spawn. Two workers keep both cores busy.
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
    // The CLI's default API URL is the real service: a process a test starts with the
    // inherited environment and no URL of its own fails closed on loopback instead
    // (test/helpers/cli.ts does the same for the environments it builds).
    env: { INFRA_API_URL: 'http://127.0.0.1:9' },
  },
});
