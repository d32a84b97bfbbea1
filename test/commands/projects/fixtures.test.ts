// projects list and auth status against answers shaped like the real service.
import { expect } from 'vitest';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const TEAMS = { 'GET /api/v1/user/teams': 'user/teams' };

describeFixtureCases('projects against real-shaped answers', [
  {
    name: 'list: the account default marked',
    argv: ['projects', 'list'],
    routes: TEAMS,
    stdout: /^\*\t42\tAcme Platform\t\tacme-platform\n\t7\tDana's Team\tyes\t\n\t108\tAcme Staging\t\tacme-staging\n$/m,
  },
  {
    name: 'list --project by name: that one marked, one request',
    argv: ['projects', 'list', '--project', 'Acme Staging'],
    routes: TEAMS,
    stdout: /^\t42\t[\s\S]*^\*\t108\tAcme Staging/m,
    requests: ['GET /api/v1/user/teams'],
  },
  {
    name: 'list --json: the teams as sent, with current',
    argv: ['projects', 'list', '--json'],
    routes: TEAMS,
    stdout: (out) =>
      expect(JSON.parse(out)).toEqual([
        { id: 42, name: 'Acme Platform', personal_team: false, registry_namespace: 'acme-platform', current: true },
        { id: 7, name: "Dana's Team", personal_team: true, registry_namespace: null, current: false },
        { id: 108, name: 'Acme Staging', personal_team: false, registry_namespace: 'acme-staging', current: false },
      ]),
  },
  { name: 'list --project unknown: listed, and said', argv: ['projects', 'list', '--project', '999'], routes: TEAMS, stderr: /warning: the configured project 999 \(flag\) is not one of these/ },
  {
    name: 'auth status names the project',
    argv: ['auth', 'status'],
    routes: { 'GET /api/v1/vps': 'vps/list.per-page-1', ...TEAMS },
    stdout: /Project:\s+account default: 42 Acme Platform \(no X-Team-Id sent\)/,
  },
  {
    name: 'auth status --project 108 --json',
    argv: ['auth', 'status', '--project', '108', '--json'],
    routes: { 'GET /api/v1/vps': 'vps/list.per-page-1', ...TEAMS },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ project: '108', project_source: 'flag', project_id: '108', project_name: 'Acme Staging', ok: true }),
  },
]);
