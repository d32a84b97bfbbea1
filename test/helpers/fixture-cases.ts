// Commands against a fake server that answers ONLY with the real-shaped fixtures of
// test/fixtures (written from real-api.md, not from our simulator): the proof that a command
// reads the running service's answers. Each case asserts the exit code, what reached stdout,
// and that every request the command made was one the corpus answers (an unanswered request
// means the client calls something the real API does not serve, or calls it differently).
import { afterEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureRoutes, type FixtureServer } from '../fixtures/server.js';
import { runCli, type CliResult } from './cli.js';
import { instantClock } from './clock.js';

/** The fixtures' own day. Time moves only when the command sleeps: polling runs through a fixture sequence at once. */
export const FIXTURE_NOW = Date.parse('2026-08-19T10:00:00Z');

export interface FixtureCase {
  name: string;
  argv: string[];
  routes: FixtureRoutes;
  exit?: number;
  stdin?: string;
  stdout?: RegExp | ((out: string) => void);
  stderr?: RegExp;
  /** Requests as `METHOD path`, in order, when the test pins them. */
  requests?: string[];
}

/** Declares one test per case, in a describe block of the calling file. */
export function describeFixtureCases(title: string, cases: readonly FixtureCase[]): void {
  describe(title, () => {
    let server: FixtureServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    const runAgainst = async (c: FixtureCase): Promise<{ r: CliResult; s: FixtureServer }> => {
      server = await startFixtureServer(c.routes);
      const r = await runCli(c.argv, { stdin: c.stdin, env: { INFRA_API_URL: server.url, INFRA_TOKEN: 'fixture-token', INFRA_MAX_RETRIES: '0' }, clock: instantClock({ start: FIXTURE_NOW }) });
      return { r, s: server };
    };

    it.each(cases)('$name', async (c) => {
      const { r, s } = await runAgainst(c);
      const ctx = `stdout:\n${r.stdout}\nstderr:\n${r.stderr}\nrequests: ${s.requests.map((q) => `${q.method} ${q.path}`).join(', ')}`;
      expect(r.code, ctx).toBe(c.exit ?? 0);
      const unanswered = s.requests.filter((_, i) => s.answers[i] === null).map((q) => `${q.method} ${q.path}`);
      expect(unanswered, ctx).toEqual([]);
      // The client's own failures; the server's words ("An unexpected error occurred.") may be quoted.
      expect(r.stderr, ctx).not.toMatch(/^error: unexpected error:|unreadable field|lacks the (required )?field/m);
      if (c.requests) expect(s.requests.map((q) => `${q.method} ${q.path}`)).toEqual(c.requests);
      if (c.stdout instanceof RegExp) expect(r.stdout, ctx).toMatch(c.stdout);
      else c.stdout?.(r.stdout);
      if (c.stderr) expect(r.stderr, ctx).toMatch(c.stderr);
    });
  });
}
