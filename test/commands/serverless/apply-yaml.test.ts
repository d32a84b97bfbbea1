// The YAML subset a deploy file needs, read without a YAML dependency; anything outside it is
// refused with its line, never guessed at.
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../src/shared/yaml.js';
import { parseApplyDoc, parseApplyYaml } from '../../../src/commands/serverless/apply-input.js';

const DEPLOY = `# what runs in production
containers:
  - name: web
    image: registry.sim.local/acme/web:1.3.0   # the tag after the colon
    env:
      LOG_LEVEL: info
      WORKERS: 4
      DEBUG: false
      GREETING: "hello: world # not a comment"
      QUOTE: 'it''s'
    min: 1
    max: 5
  - name: "shop"
    image: registry.sim.local/acme/shop:1.10
    port: 3000
    unset_env: [OLD_FLAG, "LEGACY"]
`;

describe('parseYaml', () => {
  it('reads mappings, sequences of mappings, scalars by the core schema, comments and quotes', () => {
    expect(parseYaml(DEPLOY)).toEqual({
      containers: [
        { name: 'web', image: 'registry.sim.local/acme/web:1.3.0', env: { LOG_LEVEL: 'info', WORKERS: 4, DEBUG: false, GREETING: 'hello: world # not a comment', QUOTE: "it's" }, min: 1, max: 5 },
        { name: 'shop', image: 'registry.sim.local/acme/shop:1.10', port: 3000, unset_env: ['OLD_FLAG', 'LEGACY'] },
      ],
    });
  });

  it('a sequence under a key at the same indentation; ---; null, ~ and empty values; flow maps', () => {
    expect(parseYaml('---\nitems:\n- a\n- 2\n- ~\nempty:\nmap: {a: 1, b: "x, y"}\nnone: []\n')).toEqual({ items: ['a', 2, null], empty: null, map: { a: 1, b: 'x, y' }, none: [] });
    expect(parseYaml('- name: a\n  image: x\n- name: b\n  image: y\n')).toEqual([
      { name: 'a', image: 'x' },
      { name: 'b', image: 'y' },
    ]);
    expect(parseYaml('"quoted key": "a\\tb\\u00e9"\n')).toEqual({ 'quoted key': 'a\tb\u00e9' });
    expect(parseYaml('# nothing\n\n')).toBeNull();
  });

  it.each([
    ['an anchor', 'base: &b x\n', /line 1: anchors, aliases and tags are not read/],
    ['an alias', 'a: *b\n', /line 1: anchors, aliases and tags/],
    ['a tag', 'a: !!str 1\n', /line 1: anchors, aliases and tags/],
    ['a block scalar', 'a: |\n  text\n', /line 1: multi-line scalars/],
    ['two documents', 'a: 1\n---\nb: 2\n---\nc: 3\n', /line 4: several documents/],
    ['a tab', 'a:\n\tb: 1\n', /line 2: tabs cannot indent YAML/],
    ['a key twice', 'a: 1\na: 2\n', /line 2: the key "a" is given twice/],
    ['a bad indentation', 'a: 1\n   b: 2\n', /line 2: unexpected indentation/],
    ['an unclosed quote', 'a: "x\n', /line 1: a quoted text must end/],
    ['a nested flow', 'a: [[1]]\n', /nested/],
    ['a colon that needs quotes', '- a: b: c\n', /needs quotes/],
  ])('refuses %s with its line', (_what, text, message) => {
    expect(() => parseYaml(text)).toThrow(message);
  });
});

describe('a YAML deploy file', () => {
  it('gives the same containers as the same file in JSON', () => {
    const fromYaml = parseApplyYaml(DEPLOY, 'deploy.yaml');
    const fromJson = parseApplyDoc(JSON.parse(JSON.stringify(parseYaml(DEPLOY))), 'deploy.json');
    expect(fromYaml.map(({ source: _s, ...d }) => d)).toEqual(fromJson.map(({ source: _s, ...d }) => d));
    expect(fromYaml[0]).toMatchObject({
      name: 'web',
      image: 'registry.sim.local/acme/web',
      image_tag: '1.3.0',
      env: [
        ['LOG_LEVEL', 'info'],
        ['WORKERS', '4'],
        ['DEBUG', 'false'],
        ['GREETING', 'hello: world # not a comment'],
        ['QUOTE', "it's"],
      ],
      min: 1,
      max: 5,
    });
    expect(fromYaml[1]).toMatchObject({ name: 'shop', image_tag: '1.10', port: 3000, unsetEnv: ['OLD_FLAG', 'LEGACY'] });
  });

  it('an error names the file and the line, and says JSON works too', () => {
    expect(() => parseApplyYaml('containers:\n  - name: web\n    image: &x a/b:1\n', 'deploy.yaml')).toThrow(/^--file: deploy\.yaml: line 3: anchors, aliases and tags are not read/);
  });
});
