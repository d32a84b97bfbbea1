// The apply file's rules without a server: which documents are read, how a live resource
// compares with an entry (what is not reported is not compared; a create-only field blocks),
// and that an environment value never shows in a plan.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/cli/errors.js';
import { CONTAINERS } from '../../../src/commands/apply/containers.js';
import { parseDocument, parseDocumentText } from '../../../src/commands/apply/document.js';
import { diffJson, diffText } from '../../../src/commands/apply/engine.js';
import { CACHES, FIREWALLS } from '../../../src/commands/apply/families.js';
import { normaliseRules } from '../../../src/commands/apply/rules.js';

const live = (raw: Record<string, unknown>) => ({ id: 'id-1', name: String(raw.name), raw });

describe('the document', () => {
  it("reads today's serverless file: containers alone, a bare list, one container", () => {
    const one = { name: 'web', image: 'r/web:1' };
    for (const doc of [{ containers: [one] }, [one], one]) {
      const sections = parseDocument(doc, 'f');
      expect(sections.map((s) => [s.adapter.key, s.entries.map((e) => e.name)])).toEqual([['containers', ['web']]]);
    }
  });

  it('refuses another apiVersion or kind, and an unknown family, naming it', () => {
    expect(() => parseDocument({ apiVersion: 'infra/v2' }, 'f')).toThrow('--file: f: apiVersion: this version of infra reads infra/v1 (got "infra/v2")');
    expect(() => parseDocument({ kind: 'Cluster' }, 'f')).toThrow('--file: f: kind: must be Project');
    expect(() => parseDocument({ cache: [] }, 'f')).toThrow('--file: f: cache: unknown family');
    expect(() => parseDocument({ caches: { name: 'a' } }, 'f')).toThrow('--file: f: caches: must be a list of caches');
  });

  it('refuses a name given twice in a family', () => {
    const text = 'caches:\n  - name: a\n    engine: redis\n    resource_profile: small\n  - name: a\n    engine: redis\n    resource_profile: small\n';
    expect(() => parseDocumentText(text, 'f.yaml', false)).toThrow('caches[1] (a): the name is given twice (first at caches[0] (a))');
  });

  it('every error is a usage error (exit 2)', () => {
    try {
      parseDocument({ queues: [{ name: 'q', resource_profile: 3 }] }, 'f');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).message).toBe('--file: f: queues[0] (q): resource_profile must be a text (got 3)');
    }
  });
});

describe('the plan', () => {
  const entry = (doc: unknown) => parseDocument(doc, 'f')[0]!.entries[0]!;

  it('a field the server does not report is not compared; a create-only field that differs blocks', () => {
    const e = entry({ caches: [{ name: 'c', engine: 'valkey', datacenter: 'ash', resource_profile: 'medium' }] });
    const p = CACHES.plan(e, live({ name: 'c', provider: { type: 'redis' }, resource_profile: 'small' }));
    expect(p.diff.map((l) => [l.field, l.live, l.file])).toEqual([
      ['engine', 'redis', 'valkey'],
      ['resource_profile', 'small', 'medium'],
    ]);
    expect(p.blocked).toEqual(['engine is set when the resource is created and cannot be changed (redis -> valkey)']);
  });

  it("a firewall's live rules compare with the file's, whatever the server adds to them", () => {
    const e = entry({ firewalls: [{ name: 'w', rules: [{ protocol: 'tcp', port_range_start: 22, name: 'ssh' }, { protocol: 'icmp' }] }] });
    const rules = [
      { id: 'r2', order: 2, protocol: 'icmp', action: 'allow', direction: 'inbound', port_range_start: null, port_range_end: null, source_ips: null, name: null, hit_count: 7 },
      { id: 'r1', order: 1, protocol: 'tcp', action: 'allow', direction: 'inbound', port_range_start: 22, port_range_end: 22, source_ips: [], name: 'ssh' },
    ];
    expect(FIREWALLS.plan(e, live({ name: 'w', rules })).action).toBe('unchanged');
    expect(() => normaliseRules([{ protocol: 'tcp', hit_count: 1 }], 'rules')).toThrow('rules[0].hit_count is not a field of a rule');
  });

  it('keep_env never changes a value; env values never show in the plan', () => {
    const e = entry({ containers: [{ name: 'web', image: 'r/web:1', env: { NEW: 'v2' }, keep_env: ['DB_URL', 'ABSENT'] }] });
    const p = CONTAINERS.plan(e, live({ name: 'web', image: 'r/web', image_tag: '1', environment_variables: { DB_URL: 'postgres://u:secret@h/db', NEW: 'v1' } }));
    expect(p.diff.map((l) => l.field)).toEqual(['env.NEW', 'env.ABSENT']);
    const said = [...p.diff.map(diffText), JSON.stringify(diffJson(p.diff))].join('\n');
    expect(said).not.toMatch(/secret|v1|v2/);
    expect(diffText(p.diff[0]!)).toBe('env.NEW: (set) -> (changed)');
    expect(p.notes[0]).toContain('ABSENT is in keep_env but not set on the container');
  });
});
