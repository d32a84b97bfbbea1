// A stand-in for a program of the user's machine (a browser opener, ssh) put on PATH by a
// process test: a node script that records how it was started, as JSON in `log`, and exits with
// the code in the environment variable `exitEnv` (default 0). The record is written beside the
// log and renamed over it, so a test that reads the log as soon as it exists never reads half
// of it (an opener runs detached from infra).
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function fakeProgram(dir: string, name: string, opts: { log: string; record?: 'argv' | 'named'; exitEnv?: string }): void {
  const part = JSON.stringify(`${opts.log}.part`);
  // `named`: [name, ...argv]; `argv`: {argv}.
  const record = opts.record === 'named' ? `[${JSON.stringify(name)}, ...process.argv.slice(2)]` : '{ argv: process.argv.slice(2) }';
  const exit = opts.exitEnv ? `Number(process.env.${opts.exitEnv} ?? 0)` : '0';
  const script = [
    `#!${process.execPath}`,
    "const fs = require('node:fs');",
    `fs.writeFileSync(${part}, JSON.stringify(${record}));`,
    `fs.renameSync(${part}, ${JSON.stringify(opts.log)});`,
    `process.exit(${exit});`,
    '',
  ].join('\n');
  writeFileSync(join(dir, name), script);
  chmodSync(join(dir, name), 0o755);
}
