// GitHub Actions: annotations escaped as workflow commands, the job-summary table as Markdown.
import { describe, expect, it } from 'vitest';
import { errorAnnotation, onGitHubActions, summaryTable } from '../../src/wait/github.js';

describe('GitHub Actions output', () => {
  it('only when GITHUB_ACTIONS is exactly "true"', () => {
    expect(onGitHubActions({ GITHUB_ACTIONS: 'true' })).toBe(true);
    expect(onGitHubActions({ GITHUB_ACTIONS: '1' })).toBe(false);
    expect(onGitHubActions({})).toBe(false);
  });

  it('an annotation is one line: %, CR and LF escaped; the title also : and ,', () => {
    const line = errorAnnotation('Rollout of web: failed, 100%', 'failed: 50% done\r\nhint: retry');
    expect(line).toBe('::error title=Rollout of web%3A failed%2C 100%25::failed: 50%25 done%0D%0Ahint: retry');
    expect(line).not.toMatch(/[\r\n]/);
  });

  it('the summary table: one row per container, pipes and newlines cannot break it', () => {
    const md = summaryTable([
      { container: 'web', revision: 'web-00004', outcome: 'ready', duration: '12s', hint: '' },
      { container: 'api', revision: '', outcome: 'failed', duration: '1m5s', hint: 'fix a | b\nthen redeploy' },
    ]);
    expect(md).toBe(
      [
        '| container | revision | outcome | duration | hint |',
        '| --- | --- | --- | --- | --- |',
        '| web | web-00004 | ready | 12s |   |',
        '| api |   | failed | 1m5s | fix a \\| b then redeploy |',
        '',
        '',
      ].join('\n'),
    );
  });
});
