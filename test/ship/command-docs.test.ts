// The command reference in docs/commands/ is what the command tree renders now: the same
// pages, no more and no fewer (run npm run docs after changing a command), and it covers
// every command and help topic, with working links between its pages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageName, renderCommandDocs } from '../../src/cli/command-docs.js';
import { getExamples, walkCommands } from '../../src/cli/help.js';
import { HELP_TOPICS } from '../../src/cli/help-topics.js';
import { loadTree } from '../../src/program/load-tree.js';
import { ROOT } from '../helpers/cli.js';

const DIR = join(ROOT, 'docs', 'commands');
const tree = await loadTree();
const pages = renderCommandDocs(tree);
const committed = readdirSync(DIR).filter((f) => f.endsWith('.md'));

describe('docs/commands/', () => {
  it('holds exactly the pages the command tree renders (run npm run docs)', () => {
    expect([...committed].sort(), 'pages added or removed: run npm run docs').toEqual([...pages.keys()].sort());
    const stale = [...pages].filter(([f, text]) => readFileSync(join(DIR, f), 'utf8') !== text).map(([f]) => f);
    expect(stale, 'pages out of date: run npm run docs').toEqual([]);
  });

  it('has a page for every command with its usage, flags and examples, and one per help topic', () => {
    for (const { path, cmd } of walkCommands(tree)) {
      const text = pages.get(pageName(path));
      expect(text, path.join(' ')).toBeDefined();
      expect(text).toContain(`# infra ${path.join(' ')}\n`);
      expect(text).toContain(`\ninfra ${path.join(' ')}`);
      for (const o of cmd.options.filter((x) => !x.hidden)) expect(text, `${path.join(' ')} ${o.flags}`).toContain(`\`${o.flags.replace(/\|/g, '\\|')}\``);
      for (const line of getExamples(cmd)) expect(text).toContain(`\n${line}\n`);
    }
    for (const t of HELP_TOPICS) expect(pages.get(`help_${t.name}.md`)).toContain(t.text().trimEnd());
  });

  it('links only to pages it has', () => {
    const broken = [...pages].flatMap(([f, text]) =>
      [...text.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !pages.has(target))
        .map((target) => `${f} → ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
