// Bundle entry for bin/infra. Kept tiny: nothing heavy loads until a command needs it.
import type { Command } from 'commander';
import { run } from './run.js';

export { run } from './run.js';
export { InterruptedError } from '../cli/errors.js';

/** The whole command tree with no-op actions: for generators (man page, completion) that only read it. */
export async function loadProgram(): Promise<Command> {
  return (await import('./load-tree.js')).loadTree();
}

/** The roff man page (scripts/man.mjs writes it to man/infra.1). */
export async function manPage(version: string): Promise<string> {
  const [{ renderManPage }, program] = await Promise.all([import('../cli/manpage.js'), loadProgram()]);
  return renderManPage(program, version);
}

/** The pages of docs/commands/ by file name (scripts/docs.mjs writes them). */
export async function commandDocs(): Promise<Record<string, string>> {
  const [{ renderCommandDocs }, program] = await Promise.all([import('../cli/command-docs.js'), loadProgram()]);
  return Object.fromEntries(renderCommandDocs(program));
}

/** The README's exit-code table (scripts/man.mjs keeps README.md in step with it). */
export async function exitCodeTable(): Promise<string> {
  return (await import('../cli/manpage.js')).exitCodeTable();
}

/**
 * The `--help` text of every command path ('' for `infra` itself), produced by the real
 * help path. The build writes it to dist/help.json so bin/infra answers help instantly.
 */
export async function helpTexts(): Promise<Record<string, string>> {
  const { walkCommands } = await import('../cli/help.js');
  const paths = [[], ...walkCommands(await loadProgram()).map((e) => e.path)];
  const texts: Record<string, string> = {};
  // --version too, from the same place that answers it in-process (commander's .version()).
  const version = { text: '', write: (s: string) => void (version.text += s) };
  if ((await run(['--version'], { stdout: version, stderr: version, env: {} })) === 0) texts['--version'] = version.text;
  for (const path of paths) {
    const out = { text: '', write: (s: string) => void (out.text += s) };
    const code = await run([...path, '--help'], { stdout: out, stderr: out, env: {} });
    if (code === 0) texts[path.join(' ')] = out.text;
  }
  return texts;
}
