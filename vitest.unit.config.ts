// `npm run test:unit`: the tests that need no build and start no process (pure functions, the
// client against in-process loopback servers, the wait engine on fake clocks), for feedback in
// seconds while editing. `npm test` still runs everything, bundle and processes included.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/** The directories whose tests import src only: no bin/infra, no dist/, no tmux. */
export const UNIT_DIRS = ['cli', 'client', 'diagnose', 'fixtures', 'output', 'rollout', 'shared'];
/** Left to `npm test`: thousands of generated cases each (fast-check), most of this run's time. */
export const SLOW = ['test/rollout/model.test.ts'];

// mergeConfig would append these lists to the base's (every test, the build): they replace them.
const config = mergeConfig(base, defineConfig({}));
config.test = { ...config.test, include: UNIT_DIRS.map((d) => `test/${d}/**/*.test.ts`), exclude: [...(config.test?.exclude ?? []), ...SLOW], globalSetup: [] };
export default config;
