// `infra health`: GET /api/v1/health, the API's own health endpoint. Exit 0 when it answers
// 200; an API that does not answer, or answers 5xx after the retries, exits 7 (unavailable) as
// every command does; a token refused exits 4.
import { defineCommand } from '../../cli/command.js';
import { ResponseShapeError } from '../../client/errors.js';

export default defineCommand({
  path: ['health'],
  description: 'check that the API answers (its own health endpoint): exit 0 healthy, 7 unavailable',
  examples: ['infra health', 'infra health --json', 'infra health && infra serverless list'],
  run: async (app) => {
    const client = await app.client();
    const started = performance.now();
    // The facts type the answer as a string: a 200 whose body is plain text, not JSON, is healthy too.
    const res = await client.http.get('/health', { signal: app.ctx.signal, optionalBody: true }).catch((err: unknown) => {
      if (err instanceof ResponseShapeError && err.status >= 200 && err.status < 300) return { status: err.status, raw: undefined };
      throw err;
    });
    const ms = Math.round(performance.now() - started);
    if (app.json) {
      app.printJson({ healthy: true, status: res.status, api_url: app.requireApiUrl(), answer: res.raw ?? null, response_ms: ms });
      return;
    }
    const said = typeof res.raw === 'string' && res.raw.trim() ? ` (it says "${res.raw.trim().slice(0, 80)}")` : '';
    app.print(`healthy: ${app.requireApiUrl()} answered ${res.status} in ${ms} ms${said}`);
  },
});
