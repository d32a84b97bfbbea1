// The move of the single config into contexts, and which context a run uses (pure, src/cli/contexts.ts).
import { describe, expect, it } from 'vitest';
import { contextNameProblem, missingContext, moveIntoContexts, selectContext, viewOf } from '../../src/cli/contexts.js';

describe('moveIntoContexts', () => {
  it('the old single config becomes `default`; global keys stay at the top', () => {
    const raw: Record<string, unknown> = { 'api-url': 'https://a.test', project: '7', output: 'json', hosts: { 'https://a.test': { token: 't' } } };
    expect(moveIntoContexts(raw)).toBe(true);
    expect(raw).toEqual({ output: 'json', 'current-context': 'default', contexts: { default: { 'api-url': 'https://a.test', project: '7', hosts: { 'https://a.test': { token: 't' } } } } });
    expect(moveIntoContexts(raw)).toBe(false);
  });

  it('keys an older infra wrote at the top after the move are the newer ones: merged into default, other contexts untouched', () => {
    const raw: Record<string, unknown> = {
      'current-context': 'work',
      contexts: { default: { project: '1', hosts: { 'https://a.test': { token: 'old' }, 'https://b.test': { token: 'b' } } }, work: { project: '9' } },
      project: '2',
      hosts: { 'https://a.test': { token: 'new' } },
    };
    expect(moveIntoContexts(raw)).toBe(true);
    expect(raw.contexts).toEqual({ default: { project: '2', hosts: { 'https://a.test': { token: 'new' }, 'https://b.test': { token: 'b' } } }, work: { project: '9' } });
    expect(raw['current-context']).toBe('work');
  });

  it('a fresh or settings-only file is left alone (no context is made by a read)', () => {
    const raw: Record<string, unknown> = { output: 'json' };
    expect(moveIntoContexts(raw)).toBe(false);
    expect(raw).toEqual({ output: 'json' });
  });
});

describe('selectContext', () => {
  const raw = { 'current-context': 'work', output: 'json', contexts: { default: { project: '1' }, work: { project: '9', 'api-url': 'https://w.test' } } };

  it('INFRA_CONTEXT (which --context sets) beats current-context, which beats default', () => {
    expect(selectContext(raw, {}).name).toBe('work');
    expect(selectContext(raw, { INFRA_CONTEXT: 'default' })).toMatchObject({ name: 'default', source: 'env' });
    expect(selectContext({}, {})).toMatchObject({ name: 'default', source: 'default', entry: undefined });
  });

  it("the run sees the context's keys as the file's, global keys beside them", () => {
    expect(viewOf(raw, selectContext(raw, {}))).toEqual({ output: 'json', project: '9', 'api-url': 'https://w.test' });
  });

  it('a missing context named by the user is a problem; a missing default in a fresh file is not', () => {
    expect(missingContext(selectContext(raw, { INFRA_CONTEXT: 'wrok' }))?.message).toBe('no context named "wrok" (from --context/INFRA_CONTEXT); contexts: default, work');
    expect(missingContext(selectContext({}, {}))).toBeUndefined();
  });

  it('names: letters, digits, . _ -; nothing a shell or a path would read otherwise', () => {
    expect(['work', 'prod-eu.2', 'A_1'].map(contextNameProblem)).toEqual([undefined, undefined, undefined]);
    for (const bad of ['', 'a b', '../x', '-x', 'x'.repeat(64)]) expect(contextNameProblem(bad)).toBeDefined();
  });
});
