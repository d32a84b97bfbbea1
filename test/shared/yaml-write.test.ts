// The YAML writer writes what the reader reads back as the same value, and no character of a
// value reaches a terminal raw: controls and bidi marks are \u escapes.
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/shared/yaml.js';
import { writeYaml, type YamlValue } from '../../src/shared/yaml-write.js';

const HOSTILE = ['\u001b[2J\u001b]0;owned\u0007', 'a\nb', 'tab\there', '\u202eevil', 'nul\u0000', 'c1\u009b'];
const TRICKY = [
  'true',
  'False',
  'null',
  '~',
  '',
  ' lead',
  'trail ',
  '12',
  '-3',
  '1e5',
  '.5',
  '0x1f',
  '2xx',
  '- item',
  'key: value',
  'a #comment',
  '#x',
  '"q"',
  "it's",
  '[a]',
  '{b}',
  '&anchor',
  '*alias',
  '!tag',
  '|',
  '>',
  '@at',
  'https://x.example/a?b=c',
  '0.0.0.0/0',
  '::/0',
  'é ü 日本',
];

describe('writeYaml', () => {
  it('reads back as the same value: nested mappings and lists, every kind of scalar, tricky and hostile texts', () => {
    const doc: YamlValue = {
      apiVersion: 'infra/v1',
      kind: 'Project',
      empty_list: [],
      empty_map: {},
      numbers: [0, -1, 2.5, 1e21, 80],
      flags: [true, false, null],
      texts: [...TRICKY, ...HOSTILE],
      'odd key: #1': 'v',
      true: 'key that reads as a bool',
      firewalls: [
        { name: 'web', rules: [{ protocol: 'tcp', source_ips: ['0.0.0.0/0', '::/0'] }, { protocol: 'icmp' }], description: null },
        { name: 'empty', rules: [] },
      ],
      nested: [[1, [2]], { a: { b: { c: 'd' } } }],
    };
    expect(parseYaml(writeYaml(doc))).toEqual(doc);
  });

  it('writes each text that is a text already plainly, and quotes the rest', () => {
    expect(writeYaml({ a: 'small', b: 'true', c: '16.4', d: 'https://x/' })).toBe('a: small\nb: "true"\nc: "16.4"\nd: "https://x/"\n');
  });

  it('no control or bidi character is written raw', () => {
    const text = writeYaml({ texts: HOSTILE });
    expect(text.replace(/\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain('"\\u001b[2J\\u001b]0;owned\\u0007"');
  });

  it('the same value gives the same bytes', () => {
    const doc = { b: [{ name: 'x', port: 1 }], a: 'y' };
    expect(writeYaml(doc)).toBe(writeYaml(JSON.parse(JSON.stringify(doc)) as YamlValue));
  });
});
