// The shape that makes the terminal guard a choke point: nothing in src writes to the process
// streams but the entries, the stream under the guard is asked for only where exact data (or
// ora's own drawing) goes, and no escape is spelled outside the output code that turns our
// markers into escapes or measures them. And run() guards both streams before anything prints.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { sourceTree } from '../helpers/imports.js';

const source = sourceTree(join(ROOT, 'src')).source;

/** Where the raw stream is used, and why. */
const RAW_USERS: Record<string, string> = {
  'cli/app.ts': 'printJson, printJsonLine, jsonLines (NDJSON streams: logs --json) and JSON retry events are data',
  'output/list.ts': 'the --json list is the bytes the server sent',
  'output/progress.ts': 'ora draws with escapes of its own; its text is made safe before',
  'commands/kit/wait/runner.ts': '--progress json events are data',
  'program/run.ts': 'errors as JSON (--json, INFRA_ERROR_FORMAT=json) are data',
  'commands/api/api.ts': "infra api --paginate streams the server's JSON as it is",
  'commands/apply/export.ts': 'infra export prints the file -o would write; its YAML writer escapes every control and bidi character itself',
  'commands/serverless/env/export.ts': 'env export, piped, is a file that env import reads back byte for byte',
};

describe('terminal guard architecture', () => {
  it('only the entries touch process.stdout and process.stderr', () => {
    const hits = [...source].filter(([, t]) => /process\.(stdout|stderr)\b/.test(t)).map(([f]) => f);
    // run.ts: the context's defaults and the prompt's terminal; complete.ts: candidates for the shell.
    expect(hits.sort()).toEqual(['commands/completion/entry.ts', 'program/run.ts']);
  });

  it('the stream under the guard is used only for exact data', () => {
    const hits = [...source].filter(([f, t]) => f !== 'output/terminal-guard.ts' && /\brawStream\(/.test(t.replace(/\/\/.*$/gm, ''))).map(([f]) => f);
    expect(hits.sort()).toEqual(Object.keys(RAW_USERS).sort());
  });

  it('no escape is spelled outside the output code that marks or measures escapes', () => {
    const escape = /\\x1b|\\u001b|\\u\{1b\}|\\033|\\x9b|\\u009b|\\u\{9b\}|\\x07|\\u0007/i;
    const hits = [...source].filter(([f, t]) => escape.test(t) && !['output/terminal-text.ts', 'output/width.ts', 'output/fit.ts', 'output/color.ts'].includes(f)).map(([f]) => f);
    expect(hits).toEqual([]);
  });

  it("App's printers write to the context's streams (guarded); only its JSON goes raw", () => {
    const app = source.get('cli/app.ts')!;
    const raw = [...app.matchAll(/rawStream\(this\.ctx\.(stdout|stderr)\)/g)].length;
    expect(raw).toBe(4);
    expect(app).not.toMatch(/process\.std/);
  });

  it('run() guards both streams before anything is printed: even an unknown command word', async () => {
    const r = await runCli(['\u001b]0;PWNED\u0007\u001b[2J']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command '^[]0;PWNED^G^[[2J'");
    expect(r.stderr).not.toMatch(/[\u0007\u001b]/);
  });
});
