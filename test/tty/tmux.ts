// A real pseudo-terminal for tests: a private tmux server (own socket, no user config)
// running a plain bash, driven with send-keys and read with capture-pane. Waits poll the
// screen against a deadline; nothing sleeps for a fixed time.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { BIN, CLOSED_API_URL } from '../helpers/cli.js';

export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

export class Tmux {
  readonly dir = mkdtempSync(join(tmpdir(), 'infra-tty-'));
  private readonly socket = join(this.dir, 'tmux.sock');

  /** Starts bash in a 100x30 terminal where `infra` runs this checkout with the node running the tests. */
  constructor(env: Record<string, string> = {}) {
    const bin = join(this.dir, 'bin');
    spawnSync('mkdir', ['-p', bin, join(this.dir, 'config')]);
    writeFileSync(join(bin, 'infra'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
    chmodSync(join(bin, 'infra'), 0o755);
    const fullEnv: Record<string, string> = {
      PATH: [bin, dirname(process.execPath), process.env.PATH ?? '/usr/bin:/bin'].join(delimiter),
      HOME: this.dir,
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      HISTFILE: '', // no ~/.bash_history written into the temp dir at exit
      INFRA_CONFIG_DIR: join(this.dir, 'config'),
      // Never the real default service (test/helpers/cli.ts).
      INFRA_API_URL: CLOSED_API_URL,
      ...env,
    };
    // bash sets its own PS1 unless an rc file does: a plain "$ " is easy to wait for.
    writeFileSync(join(this.dir, 'bashrc'), "PS1='$ '\n");
    this.tmux(['-f', '/dev/null', 'new-session', '-d', '-x', '100', '-y', '30', `bash --noprofile --rcfile '${join(this.dir, 'bashrc')}'`], fullEnv);
  }

  private tmux(args: string[], env?: Record<string, string>): string {
    const r = spawnSync('tmux', ['-S', this.socket, ...args], { encoding: 'utf8', ...(env ? { env } : {}) });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  }

  /** Types text literally, then Enter unless told otherwise. */
  type(text: string, enter = true): void {
    this.tmux(['send-keys', '-l', text]);
    if (enter) this.tmux(['send-keys', 'Enter']);
  }

  key(name: string): void {
    this.tmux(['send-keys', name]);
  }

  /** The visible screen (and scrollback); with escapes when `ansi`. */
  screen(ansi = false): string {
    return this.tmux(['capture-pane', '-p', '-J', '-S', '-200', ...(ansi ? ['-e'] : [])]);
  }

  /** Only what is on the screen now (no scrollback): what a clear of the screen would wipe. */
  visible(): string {
    return this.tmux(['capture-pane', '-p', '-J']);
  }

  /** The pane's title (an OSC 0 or 2 written to the terminal sets it). */
  title(): string {
    return this.tmux(['display-message', '-p', '#{pane_title}']).trim();
  }

  clear(): void {
    this.type('clear');
    this.tmux(['clear-history']);
  }

  async waitFor(test: RegExp | ((screen: string) => boolean), { timeoutMs = 10_000, ansi = false } = {}): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    const ok = typeof test === 'function' ? test : (s: string) => test.test(s);
    for (;;) {
      const s = this.screen(ansi);
      if (ok(s)) return s;
      if (Date.now() > deadline) throw new Error(`screen did not show ${String(test)} within ${timeoutMs} ms:\n${s}`);
      await new Promise((r) => setTimeout(r, 40));
    }
  }

  /** Runs a command line and waits for its exit status (printed by a marker echo). */
  async run(line: string, timeoutMs = 10_000): Promise<{ screen: string; code: number }> {
    const marker = `__exit_${Math.random().toString(36).slice(2, 8)}`;
    this.type(`${line}; echo "${marker}=$?"`);
    const screen = await this.waitFor(new RegExp(`^${marker}=\\d+`, 'm'), { timeoutMs });
    const code = Number(new RegExp(`^${marker}=(\\d+)`, 'm').exec(screen)![1]);
    return { screen, code };
  }

  /** Whether the terminal shows its cursor (a program that hid it must show it again on exit). */
  cursorVisible(): boolean {
    return this.tmux(['display-message', '-p', '#{cursor_flag}']).trim() === '1';
  }

  /** Gives the terminal another size (COLUMNS and the tty's columns both follow it). */
  resize(columns: number, rows: number): void {
    this.tmux(['resize-window', '-x', String(columns), '-y', String(rows)]);
  }

  close(): void {
    spawnSync('tmux', ['-S', this.socket, 'kill-server']);
    rmSync(this.dir, { recursive: true, force: true, maxRetries: 5 });
  }
}
