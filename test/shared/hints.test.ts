import { describe, expect, it } from 'vitest';
import { failureHint, KNOWN_FAILURE_CODES } from '../../src/shared/hints.js';

// Spec table 7.2: code → retryable.
const SPEC: [string, boolean][] = [
  ['serverless.image_pull_auth', false],
  ['serverless.image_not_found', false],
  ['serverless.image_arch_mismatch', false],
  ['serverless.invalid_image_ref', false],
  ['serverless.image_pull_unknown', true],
  ['serverless.config_error', false],
  ['serverless.oom_killed', false],
  ['serverless.crash_loop', false],
  ['serverless.progress_deadline', true],
  ['serverless.revision_missing', true],
  ['serverless.unknown', true],
];

describe('failureHint', () => {
  it('covers exactly the codes of spec 7.2', () => {
    expect([...KNOWN_FAILURE_CODES].sort()).toEqual(SPEC.map(([c]) => c).sort());
  });

  it.each(SPEC)('%s retryable=%s, with matching advice', (code, retryable) => {
    const h = failureHint(code);
    expect(h?.retryable).toBe(retryable);
    if (retryable) expect(h?.hint).toMatch(/redeploy may help/);
    else expect(h?.hint).toMatch(/will not help/);
  });

  it('is undefined for unknown codes and prototype keys', () => {
    expect(failureHint('serverless.brand_new')).toBeUndefined();
    expect(failureHint('toString')).toBeUndefined();
    expect(failureHint('__proto__')).toBeUndefined();
  });
});

describe('failureHint names the container it is about', () => {
  for (const code of KNOWN_FAILURE_CODES) {
    it(`${code}: no placeholder left when a reference is given`, () => {
      const h = failureHint(code, 'web')!;
      expect(h.hint).not.toContain('<id>');
      expect(h.fix).not.toContain('<id>');
    });
  }
});
