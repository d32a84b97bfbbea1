// Bad user input, found by walking the command tree: every value-taking option of every
// command gets invalid values, every command gets an unknown flag, an excess argument and
// conflicting projects. Each must exit 2 with a message naming what was wrong, and send
// nothing (the simulator's recorded requests stay empty).
import type { Command, Option } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTree } from '../../src/program/load-tree.js';
import { runCli } from '../helpers/cli.js';
import { assertClean } from './support.js';
import { instantClock } from '../helpers/clock.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

const INT = ['0', '-1', 'two', '1.5', '', '1e3', '99999999999999999999'];
const RULES = ['', 'http/80', 'tcp/0', 'tcp/99999', 'tcp/90-80', 'icmp/8', 'tcp/22,from=10.0.0.0/33', 'tcp/22,from=example.com', 'tcp/22,bogus=1', 'tcp/22,from=', 'tcp/22,direction=sideways'];
const TARGETS = ['', 'vps', 'vps:', 'kubernetes:web', ':web', 'vps:has space'];
/** Invalid values per option (long name). */
const BAD: Record<string, string[]> = {
  // the provider CLI's container options
  '--repo': ['', 'not a url', 'https://user:token@github.com/acme/api.git', 'ftp://example.com/x.git'],
  '--source-type': ['', 'docker', 'Buildpack'],
  '--branch': ['', ' '],
  '--context-path': ['', '../outside', '/abs'],
  '--dockerfile-path': ['', '../Dockerfile', '/Dockerfile'],
  '--health-check-path': ['', 'healthz', '/a b'],
  '--registry-credential': ['', ' '],
  '--scaling-metric': ['', 'cpu'],
  '--scaling-target': ['0', '-1', '10001', 'ten', ''],
  '--concurrency-target': ['0', '-1', '1001', 'ten', ''],
  '--request-timeout': ['0', '901', '-1', '5m', ''],
  '--cloud-init': ['', '/no/such/file'],
  '--identity': [''],
  // kubernetes, notifications, support, partner
  '--kubernetes-version': ['', '0.1', 'latest'],
  '--nodes': ['0', '-1', 'three', ''],
  '--pool': ['', 'a', 'a:b', 'Bad Name:small:1'],
  '--ip-family': ['', ' '],
  '--category': ['', 'no_such_category'],
  '--digest': ['', 'hourly-ish'],
  '--status': ['', 'no_such_status'],
  '--priority': ['', 'whenever'],
  '--message-file': ['', '/no/such/file'],
  '--owner-email': ['', 'not-an-email'],
  '--page': INT,
  '--per-page': INT,
  '--limit': INT,
  '--generation': INT,
  '--port': ['0', '65536', '-1', 'http', '80.5', ''],
  '--min': ['-1', 'one', '1.5', '1001', ''],
  '--max': ['0', '-1', 'ten', '1001', ''],
  '--initial-scale': ['-1', 'two', '1.5', '1001', ''],
  '--scale-down-delay': ['abc', '30', '-5s', '1500ms', '0.5s', ''],
  '--timeout': ['abc', '10', '-5s', '0s', '5 minutes', '1y', ''],
  '--interval': ['abc', '10', '-5s', '0s', ''],
  '--since': ['abc', '11d', '2000-01-01T00:00:00Z', 'yesterday', '1y', '', '2099-01-01T00:00:00Z'],
  '--until': ['abc', '2025-13-45T00:00:00Z', 'tomorrow', ''],
  '--level': ['verbose', 'ERRORS', ''],
  '--container': ['sidecar', ''],
  '--env': ['NOEQUALS', '=value', ''],
  '--unset-env': ['', 'A=B', 'has space'],
  '--image': ['', ' ', 'ghcr.io/acme/web@sha256:0f1e2d', 'ghcr.io/acme/web:'],
  '--profile': ['', ' ', 'huge', 'nano_shared'],
  '--slug': ['', ' ', 'Web', '-web', 'web-', 'web_eu', 'web.eu', 'x'.repeat(64)],
  '--observed-after': ['abc', 'yesterday', '2025-13-45T00:00:00Z', '1787130000', ''],
  '--name': ['', ' '],
  '--confirm': ['', ' '],
  '--idempotency-key': ['', ' '],
  '--method': ['BREW', ''],
  '--field': ['oops', '=x'],
  '--input': ['/nonexistent/body.json'],
  '--speed': ['-1', 'fast', ''],
  '--api-url': ['nope', 'ftp://api.test', 'http://'],
  '--context': ['', ' ', 'a b', '../x'],
  '--query': ['', ' ', '[?', 'no_such_function(@)'],
  '--columns': ['', ',', 'name,,id'],
  '--format': ['yaml', ''],
  '--plan': ['', ' '],
  '--datacenter': ['', ' '],
  '--ssh-key': ['', ' '],
  '--cpu': ['gpu', ''],
  '--rabbitmq-version': ['', ' '],
  '--type': ['kafka', 'Database', ''],
  '--family': ['', ' '],
  '--parameters': ['{bad', '[1]', '"text"', '{"a": {"b": 1}}', '@/nonexistent/params.json', ''],
  '--locked': ['a b', 'x=y', ',,'],
  '--set': ['novalue', '=v', 'a b=1', ''],
  '--unset': ['', 'a b', 'x=y'],
  '--default': ['maybe', 'yes', ''],
  '--active': ['maybe', ''],
  '--region': ['', ' '],
  '--display-name': ['', ' '],
  '--versioning': ['maybe', 'true', ''],
  '--dir': ['', ' ', '/nonexistent/src'],
  '--archive': ['', ' ', '/nonexistent/src.zip'],
  '--access': ['open', ''],
  '--encryption': ['aes', ''],
  '--kms-key-id': ['', ' '],
  '--size-limit': ['-1', '0', '10XB', 'big', '1.5.0GB', ''],
  '--retention-mode': ['forever', ''],
  '--retention-days': ['0', '-1', 'two', '1.5', '', '36501'],
  '--tag': ['', ' ', 'a b', 'a,b'],
  '--bucket': ['', ':read', 'acme-assets:write', 'acme-assets:read:x'],
  '--expires-at': ['abc', 'tomorrow', '2025-13-45T00:00:00Z', ''],
  '--expires-in': ['abc', '0s', '-5s', '10', '30s', ''],
  '--description': ['', ' '],
  '--rule': RULES,
  '--add-rule': RULES,
  '--remove-rule': ['', ' '],
  '--rules': ['not json', '{"direction":"inbound"}', '[1]', '[[]]', '@/nonexistent/rules.json', ''],
  // firewalls attach takes type:id, serverless rollback a revision: values bad for both
  '--to': ['', ' '],
  '--from': TARGETS,
  // database create --engine/--provider and cache plans --provider (a word from a list)
  '--provider': ['', ' '], // a word from a list for database create, free text for parameter groups
  // cache create --provider/--engine
  '--engine': ['memcached', 'REDIS', ''],
  '--engine-version': ['', ' '],
  '--database-name': ['', ' '],
  '--storage': INT,
  '--memory': INT,
  '--cores': INT,
  '--cpu-cores': INT,
  '--automated-snapshots': ['maybe', 'ON', 'yes', 'true', ''],
  '--count': INT,
  '--progress': ['xml', 'JSON', ''],
  '--file': ['/nonexistent/apply.json'],
  '--path': ['', ' ', 'http://elsewhere.test/x', 'a b'],
  '--verify': ['', ' ', 'http://elsewhere.test/x', 'a b'],
  '--verify-timeout': ['abc', '10', '-5s', '0s', ''],
  '--expect-status': ['99', '600', 'ok', '200.5', '200-204', '6xx', ''],
  '--warm-requests': ['-1', 'many', '101', '1.5', ''],
  '--url': ['hooks.example.com', 'ftp://hooks.example.com/x', 'https://', ''],
  '--source': ['snapshot', ''],
  '--operation': ['', ' '],
  '--resource': ['', ' '],
  '--reason': ['', ' '],
  '--deployments-before': ['-1', 'three', '1.5', ''],
  // serverless run and schedules create (issue 20)
  '--image-tag': ['', ' ', 'a b'],
  '--wait-timeout': ['abc', '10', '-5s', '0s', ''],
  '--cron': ['', '* * * *', '0 0 3 * * *', '60 * * * *', '* * * * 8', '@daily'],
  '--timezone': ['', 'Mars/Olympus', '+02:00'],
  // apps, uptime checks and alerts (issue 21)
  '--subdomain': ['', ' ', 'a b'],
  '--app-version': ['', ' '],
  '--admin-user': ['', ' '],
  '--hours': ['0', '-1', 'day', '1.5', ''], // bad for every command that has it (apps metrics, database load)
  '--step': ['soon', 'AUTO', ''], // bad for every command that has it (apps metrics, database load)
  '--check-timeout': ['0', '31', 'slow', '1.5', ''],
  '--keyword': ['', ' '],
  '--follow-redirects': ['maybe', 'yes', ''],
  '--verify-tls': ['maybe', 'true', ''],
  '--notify-recovery': ['maybe', 'ON', ''],
  '--ssl-expiry': ['0', '91', 'soon', ''],
  '--failure-threshold': ['0', '11', 'many', ''],
  '--notify': ['pager', 'MAIL', ''],
  '--resource-type': ['', ' '],
  '--metric': ['', ' '],
  '--operator': ['>', 'eq', 'GT', ''],
  '--threshold': ['lots', '1e', '', ' '],
  '--duration': ['0', '1441', '5m', ''],
  '--severity': ['info', 'CRITICAL', ''],
  '--signal': ['', ' '],
  '--resource-id': ['', ' '],
  '--state': ['broken', 'OPEN', ''],
  // issue 21: volumes, database rotation/load, bucket policy and metrics, serverless usage
  '--size': ['0', '-1', 'big', '1.5', ''],
  '--role': ['root', 'APPLICATION', ''],
  '--cpu-platform': ['arm', 'AMD', ''],
  '--network-tier': ['1g', 'STANDARD', ''],
  '--minutes': ['0', '-1', 'ten', '1.5', '100000', ''],
  '--start': ['abc', 'yesterday', '2025-13-45T00:00:00Z', ''],
  '--end': ['abc', 'tomorrow', '2025-13-45T00:00:00Z', ''],
  '--dimension': ['cpu', 'WAITS', ''],
  '--node': ['', ' '],
  '--key': ['', ' '],
  '--folder': ['', ' '],
  '--window': ['', ' '],
  '--resolution': ['', ' '],
  '--period': ['october', '2026-13', '2026-1', ''],
};
/** Where a command's option has its own domain (`infra sim --port 0` picks a free port). */
const BAD_FOR: Record<string, string[]> = {
  'kubernetes scale --pool': ['', 'Bad Name'],
  'serverless env export --output': ['', ' '],
  'sim --port': ['-1', 'http', '80.5', '', '65536'],
  // A VPS image is a name from `infra vps images`: the API decides which exist.
  'vps create --image': ['', ' '],
  'vps reinstall --image': ['', ' '],
  // A site's plan is one of three words; the VPS --plan is an alias of a free-form --profile.
  'static-sites create --plan': ['', 'enterprise', 'FREE'],
  // the profiles a limit increase may ask for (RequestAccountLimitIncreaseRequest), shared ones included
  'account limits request --profile': ['', ' ', 'huge', 'NANO'],
  'account limits request --resource': ['', ' ', 'gpu', 'VPS'],
  // An app's type and profile are words from its catalog: the API decides which exist.
  'apps create --type': ['', ' '],
  'apps create --profile': ['', ' '],
  'apps update --profile': ['', ' '],
  // Uptime checks run every 60 or 300 seconds (a choice, not a duration).
  'uptime create --interval': ['abc', '10', '120', ''],
  'uptime update --interval': ['abc', '10', '120', ''],
  // A metric alert watches a VPS or a Kubernetes cluster.
  'alerts metric create --resource-type': ['bucket', 'VPS', ''],
  // Any moment is a valid bound of an incident search (the future too).
  'alerts resource incidents list --since': ['abc', 'yesterday', '2026-13-45T00:00:00Z', ''],
  // An incident's source is a key from `alerts resource sources` (free text to the client).
  'alerts resource incidents list --source': ['', ' '],
  // The grant's level is one of three words; the bucket's ranking dimension is the API's word.
  'storage buckets policy grant --level': ['admin', 'READ', ''],
  'storage buckets metrics top-objects --dimension': ['', ' '],
  'serverless metrics --hours': ['0', '-1', 'six', '1.5', '169', ''],
  'storage buckets policy set --file': ['/nonexistent/policy.json'],
  // A path to pack although it looks like a secret: only an empty one is wrong before the walk.
  'serverless deploy --include': ['', ' '],
  'static-sites deploy --include': ['', ' '],
  // What a link deploys: a path inside the linked directory.
  'static-sites link --path': ['', ' ', '/etc', '../site', 'dist/../../x'],
  // export: the families it writes, and where (a path is free text: only an empty one is wrong before the reads).
  'export --family': ['', ',', 'buckets', 'cache,nope'],
  'export --output': ['', ' '],
};
/** Options where any string is valid (an opaque value the API interprets). */
// Free text: any value is one a person may mean (a login name, a subject, a message, a person's name).
const FREE_FORM = new Set(['--cursor', '--project', '--team', '--description', '--user', '--subject', '--message', '--owner-name']);

/**
 * Values that make the rest of a command line valid, so only the attacked part is wrong.
 * The id is a name, which would cost a lookup: bad input must be refused before even that.
 */
const ARG_SAMPLES: Record<string, string> = {
  category: 'resource_failed',
  channel: 'mail',
  state: 'on',
  key: 'project',
  value: 'x',
  id: 'web',
  product: 'vps',
  'point-id': '11',
  point: '11',
  resource: 'vps-01',
  deployment: 'r1',
  domain: 'docs.example.com',
  path: '/vps',
  shell: 'bash',
  'resource-type': 'vps',
};
const REQUIRED: Record<string, string[]> = {
  'kubernetes create': ['--name', 'k1'],
  'kubernetes pools add': ['--name', 'p1', '--plan', 'small', '--count', '1'],
  'kubernetes scale': ['--count', '2'],
  'support create': ['--subject', 'help'],
  'partner sub-teams create': ['--name', 't1', '--owner-email', 'a@example.com', '--owner-name', 'A'],
  'serverless create': ['--name', 'n1', '--image', 'registry.sim.local/acme/n:1'],
  'snapshots restore': ['--confirm', 'vps-01'],
  'serverless delete': ['--yes'],
  'serverless preflight': ['--image', 'registry.sim.local/acme/n:1'],
  'serverless apply': ['--name', 'n1', '--image', 'registry.sim.local/acme/n:1'],
  apply: ['--file', 'test/reliability/apply.yaml'],
  'vps create': ['--name', 'n1', '--image', 'debian-12', '--plan', 'nano_shared', '--cpu-platform', 'amd', '--password-stdin'],
  'vps update': ['--cpu', 'shared'],
  'vps delete': ['--yes'],
  'vps reinstall': ['--image', 'debian-12', '--yes'],
  'queue create': ['--name', 'n1', '--plan', 'queue-small'],
  'queue update': ['--automated-snapshots', 'on'],
  'queue delete': ['--yes'],
  'parameter-groups create': ['--name', 'n1', '--type', 'queue', '--provider', 'rabbitmq', '--parameters', '{}'],
  'parameter-groups update': ['--name', 'n2'],
  'parameter-groups delete': ['--yes'],
  'storage buckets create': ['--name', 'acme-new'],
  'storage buckets update': ['--versioning', 'on'],
  'storage buckets delete': ['--yes'],
  'storage keys create': ['--name', 'k1'],
  'storage keys delete': ['--yes'],
  'firewalls create': ['--name', 'fw1'],
  'firewalls update': ['--name', 'fw2'],
  'firewalls delete': ['--yes'],
  'firewalls attach': ['--to', 'vps:vps-01'],
  'firewalls detach': ['--from', 'vps:vps-01'],
  'ssh-keys add': ['--name', 'k1'],
  'ssh-keys delete': ['--yes'],
  'database create': ['--name', 'n1', '--provider', 'postgresql', '--plan', 'small'],
  'database update': ['--plan', 'small'],
  'database delete': ['--yes'],
  'account limits request': ['--resource', 'vps', '--limit', '3', '--reason', 'x'],
  'database replicas remove': ['--yes'],
  'cache create': ['--name', 'n1', '--engine', 'redis', '--plan', 'small'],
  'cache update': ['--plan', 'small'],
  'cache delete': ['--yes'],
  'static-sites create': ['--name', 'site-1'],
  'static-sites delete': ['--yes'],
  'static-sites domains remove': ['--yes'],
  'snapshots create': ['--name', 'p1'],
  'snapshots delete': ['--yes'],
  'snapshots clone': ['--name', 'copy-1'],
  'webhooks config set': ['--url', 'https://hooks.example.com/x'],
  'webhooks regenerate-secret': ['--yes'],
  'serverless schedules create': ['--name', 'n1', '--cron', '0 3 * * *', '--timezone', 'UTC'],
  'serverless schedules delete': ['--yes'],
  'apps create': ['--type', 'ghost', '--name', 'n1', '--profile', 'medium'],
  'apps update': ['--profile', 'large'],
  'apps delete': ['--yes'],
  'uptime create': ['--name', 'n1', '--url', 'https://n1.example/'],
  'uptime update': ['--name', 'n2'],
  'uptime delete': ['--yes'],
  'alerts metric create': ['--resource', 'vps-01', '--metric', 'cpu_usage', '--operator', 'gt', '--threshold', '80'],
  'alerts metric update': ['--threshold', '80'],
  'alerts metric delete': ['--yes'],
  'alerts resource rules create': ['--resource-type', 'vps', '--resource', 'vps-01', '--signal', 'cpu_usage', '--operator', 'gt', '--threshold', '80'],
  'alerts resource rules update': ['--threshold', '80'],
  'alerts resource rules delete': ['--yes'],
  'vps volumes create': ['--name', 'v1', '--size', '5'],
  'vps volumes resize': ['--size', '5'],
  'vps volumes delete': ['--yes'],
  'database credentials rotate': ['--yes'],
  'database force-stop': ['--yes'],
  'cache force-stop': ['--yes'],
  'database high-availability': ['--enable'],
  'storage buckets policy set': ['--file', '/nonexistent/policy.json'],
  'storage buckets policy grant': ['--key', 'ci-deploy', '--folder', 'a/'],
};
/** Positional values that are not in the command's domain. */
const BAD_ARGS: [string[], string][] = [
  [['snapshots', 'list', 'kubernetes'], 'product'],
  [['snapshots', 'restore', 'kubernetes', '11', '--confirm', 'x'], 'product'],
  [['completion', 'powershell'], 'powershell'],
  [['config', 'set', 'colour', 'red'], 'colour'],
  [['config', 'get', 'token'], 'token'],
  [['config', 'set', 'output', 'yaml'], 'output'],
  [['database', 'credentials', 'orders-pg', '--rotate'], 'rotat'],
  [['cache', 'connection-info', 'sessions-redis', '--rotate'], 'rotat'],
  [['database', 'replicas', 'remove', 'orders-pg', '0', '--yes'], 'primary'],
  [['serverless', 'create', '--name', '---', '--image', 'registry.sim.local/acme/n:1'], 'slug'],
  [['api', '/vps', '-X', 'POST', '--input', '-', '-f', 'a=b'], 'input|field'],
  [['queue', 'update', 'events-rabbit'], 'nothing to update'],
  [['parameter-groups', 'update', 'orders-pg-tuned'], 'nothing to update'],
  [['parameter-groups', 'update', '5', '--parameters', '{}', '--set', 'a=1'], 'parameters.*set'],
  [['parameter-groups', 'create', '--name', 'n', '--type', 'queue', '--provider', 'rabbitmq', '--parameters', '-'], 'parameters'],
  [['storage', 'buckets', 'create', '--name', 'Acme_Assets'], '--name'],
  [['storage', 'buckets', 'create', '--name', 'acme-audit', '--retention-days', '30'], 'object-lock'],
  [['storage', 'buckets', 'create', '--name', 'acme-kms', '--encryption', 'sse-kms'], 'kms-key-id'],
  [['storage', 'buckets', 'update', 'acme-assets'], 'nothing to update'],
  [['storage', 'keys', 'create', '--name', 'k', '--expires-at', '2030-01-01T00:00:00Z', '--expires-in', '30d'], 'expires'],
  [['firewalls', 'create', '--name', 'fw', '--wait'], '--deploy'],
  [['firewalls', 'update', 'web-ingress'], 'nothing to update'],
  [['firewalls', 'update', 'web-ingress', '--rules', '[]', '--add-rule', 'tcp/8443'], '--rules'],
  [['ssh-keys', 'add', '/nonexistent/id_ed25519.pub', '--name', 'k'], 'nonexistent'],
  [['ssh-keys', 'add', '--name', 'k'], 'public key|standard input'],
  [['firewalls', 'attach', 'web-ingress'], '--to'],
  [['firewalls', 'detach', 'web-ingress'], '--from'],
  [['serverless', 'wait', 'web', 'web'], 'twice'],
  [['serverless', 'wait', 'web', 'api', '--generation', '2'], '--generation applies to one container'],
  [['serverless', 'wait', 'web', 'api', '--observed-after', '2026-11-23T10:00:00Z'], '--observed-after applies to one container'],
  [['serverless', 'apply'], '--name and --image'],
  [['serverless', 'apply', '--name', 'web'], '--image'],
  [['serverless', 'apply', '--name', 'web', '--image', 'registry.sim.local/acme/web:1', '--dry-run', '--wait'], '--dry-run'],
  [['serverless', 'apply', '--name', 'web', '--image', 'registry.sim.local/acme/web:1', '--progress', 'json'], '--progress applies only with --wait'],
  [['serverless', 'create', '--name', 'n1', '--image', 'registry.sim.local/acme/n:1', '--progress', 'json'], '--progress applies only with --wait'],
  [['vps', 'start', 'vps-01', '--progress', 'json'], '--progress applies only with --wait'],
  [['snapshots', 'create', 'kubernetes', 'vps-01', '--name', 'p'], 'product'],
  [['snapshots', 'delete', 'queue', '11', '--yes'], 'product'],
  [['snapshots', 'clone', 'vps', '11', '--name', 'x'], 'clone'],
  [['snapshots', 'clone', 'cache', '21', '--name', 'x', '--database-name', 'y'], 'database-name'],
  [['snapshots', 'wait', 'vps'], 'exactly one'],
  [['snapshots', 'wait', 'vps', '11', '--operation', 'x'], 'exactly one'],
  [['snapshots', 'wait', 'vps', '--resource', 'vps-01', '--deleted'], '--deleted'],
  [['static-sites', 'deploy', 'docs', '/nonexistent/dist'], 'does not exist'],
  [['static-sites', 'activate', 'docs', 'latest'], 'deployment'],
  [['static-sites', 'domains', 'add', 'docs', 'https://docs.example.com/'], 'domain'],
  [['webhooks', 'config', 'set'], 'nothing to set'],
  [['webhooks', 'config', 'set', '--enabled', '--disabled'], 'enabled.*disabled'],
  [['serverless', 'run', 'web', '--'], 'command'],
  [['serverless', 'run', 'web', '--wait-timeout', '5m', '--', 'ls'], '--wait-timeout applies only with --wait'],
  [['serverless', 'run', 'web', '--no-logs', '--', 'ls'], '--no-logs applies only with --wait'],
  [['serverless', 'runs', 'logs', 'web', 'r1', '--interval', '2s'], '--interval applies only with --follow'],
  [['serverless', 'schedules', 'create', 'web', '--name', 'n', '--cron', '0 3 * * *', '--timezone', 'UTC', '--'], 'command'],
  [['database', 'high-availability', 'orders-pg'], 'enable.*disable'],
  [['database', 'high-availability', 'orders-pg', '--enable', '--disable'], 'enable.*disable'],
  [['database', 'load', 'orders-pg', '--hours', '1', '--minutes', '5'], 'hours.*minutes'],
  [['database', 'load', 'orders-pg', '--hours', '1', '--start', '2026-11-01T00:00:00Z'], 'start'],
  [['storage', 'buckets', 'policy', 'grant', 'acme-assets', '--key', 'ci-deploy'], 'folder.*whole-bucket'],
  [['storage', 'buckets', 'policy', 'grant', 'acme-assets', '--key', 'ci-deploy', '--folder', 'a/', '--whole-bucket'], 'folder.*whole-bucket'],
  [['vps', 'volumes', 'create', 'vps-01', '--name', 'v', '--size', '5', '--progress', 'json'], '--progress applies only with --wait'],
];
/** Settings from the environment, named in the error. */
const BAD_ENV: [Record<string, string>, string][] = [
  [{ INFRA_MAX_RETRIES: '-1' }, 'INFRA_MAX_RETRIES'],
  [{ INFRA_MAX_RETRIES: 'many' }, 'INFRA_MAX_RETRIES'],
  [{ INFRA_MAX_RETRIES: '1000' }, 'INFRA_MAX_RETRIES'],
  [{ INFRA_HTTP_TIMEOUT: 'soon' }, 'INFRA_HTTP_TIMEOUT'],
  [{ INFRA_HTTP_TIMEOUT: '-5' }, 'INFRA_HTTP_TIMEOUT'],
  [{ INFRA_HTTP_TIMEOUT: '0' }, 'INFRA_HTTP_TIMEOUT'],
  [{ INFRA_HTTP_TIMEOUT: '5x' }, 'INFRA_HTTP_TIMEOUT'],
  [{ INFRA_API_URL: 'nope' }, 'INFRA_API_URL'],
  [{ INFRA_API_URL: 'ftp://api.test' }, 'INFRA_API_URL'],
];

interface Leaf {
  path: string[];
  cmd: Command;
}

function leaves(c: Command, pre: string[] = []): Leaf[] {
  const path = c.parent ? [...pre, c.name()] : [];
  if (!c.commands.length) return [{ path, cmd: c }];
  return c.commands.filter((s) => s.name() !== 'help').flatMap((s) => leaves(s, path));
}

function base(leaf: Leaf, without?: string): string[] {
  const args = leaf.cmd.registeredArguments.filter((a) => a.required).map((a) => ARG_SAMPLES[a.name()] ?? 'x');
  const req = REQUIRED[leaf.path.join(' ')] ?? [];
  const kept: string[] = [];
  for (let i = 0; i < req.length; i += 2) if (req[i] !== without) kept.push(...req.slice(i, i + 2).filter((x) => x !== undefined));
  return [...leaf.path, ...args, ...(req.length % 2 ? req : kept)];
}

const program = await loadTree();
const LEAVES = leaves(program);
const GLOBAL_OPTIONS: readonly Option[] = program.options;

let sim: Simulator;
const counts = { inputs: 0 };
useSimulator((s) => (sim = s));
afterAll(() => {
  console.info(`bad input: ${counts.inputs} invalid command lines over ${LEAVES.length} commands`);
});

async function rejects(argv: string[], names: RegExp, env: Record<string, string> = {}) {
  counts.inputs++;
  const r = await runCli(argv, { env: { ...simEnv(sim), ...env }, clock: instantClock() });
  const context = `infra ${argv.map((a) => JSON.stringify(a)).join(' ')}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;
  expect(r.code, context).toBe(2);
  expect(sim.requests, context).toHaveLength(0);
  // --query implies --json, whose failures are one JSON object (docs/wire-format.md#errors-as-json).
  const error = r.stderr.split('\n').find((l) => l.startsWith('error:') || l.startsWith('{"error":'));
  expect(error, context).toBeDefined();
  expect(r.stderr, context).toMatch(names);
  assertClean(r, sim.tokens.admin, context);
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('every value-taking option, with invalid values', () => {
  const cases: [string, string, string, Leaf, Option][] = [];
  for (const leaf of LEAVES) {
    for (const opt of [...leaf.cmd.options, ...GLOBAL_OPTIONS]) {
      if (!opt.required && !opt.optional) continue; // boolean flag
      const long = opt.long ?? opt.short ?? opt.flags;
      if (FREE_FORM.has(long)) continue;
      const values = BAD_FOR[`${leaf.path.join(' ')} ${long}`] ?? BAD[long];
      if (!values) throw new Error(`no invalid values listed for ${leaf.path.join(' ')} ${long}: add them to BAD or FREE_FORM`);
      for (const v of values) cases.push([leaf.path.join(' '), long, v, leaf, opt]);
    }
  }

  it.each(cases)('%s %s %j', async (_p, long, value, leaf, opt) => {
    const names = new RegExp(`${esc(long)}${opt.short ? `|${esc(opt.short)}` : ''}`);
    await rejects([...base(leaf, long), long, value], names);
  });
});

describe('every command', () => {
  it.each(LEAVES.map((l) => [l.path.join(' '), l] as const))('%s: unknown flag, excess argument, conflicting projects', async (_p, leaf) => {
    await rejects([...base(leaf), '--bogus-flag'], /--bogus-flag/);
    // A command that takes any number of ids (`serverless wait <id...>`) has no excess argument.
    // Optional arguments are given too (`x`), so that `surplus args` is beyond every one.
    const optional = leaf.cmd.registeredArguments.filter((a) => !a.required).map(() => 'x');
    if (!leaf.cmd.registeredArguments.some((a) => a.variadic)) await rejects([...base(leaf), ...optional, 'surplus', 'args'], /too many arguments|unknown command|surplus|argument/);
    if (leaf.path[0] !== 'config' && leaf.path[0] !== 'completion' && leaf.path[0] !== 'sim') {
      await rejects([...base(leaf), '--project', 'main', '--team', 'staging'], /--project.*--team/);
      await rejects([...base(leaf), '--project', '1', '--team', '2'], /--project.*--team/);
      await rejects(base(leaf), /INFRA_PROJECT.*INFRA_TEAM/, { INFRA_PROJECT: 'main', INFRA_TEAM: 'staging' });
    }
    // With its required options given, so that the missing argument is what is reported
    // (commander names a missing required option first).
    if (leaf.cmd.registeredArguments.some((a) => a.required)) await rejects([...leaf.path, ...(REQUIRED[leaf.path.join(' ')] ?? [])], /missing required argument|argument/);
  });
});

describe('arguments outside their domain', () => {
  it.each(BAD_ARGS)('%j', async (argv, names) => {
    await rejects(argv, new RegExp(names));
  });
});

describe('settings from the environment', () => {
  it.each(BAD_ENV)('%j', async (env, name) => {
    for (const argv of [
      ['vps', 'list'],
      ['serverless', 'get', 'web'],
      ['snapshots', 'restore', 'vps', '11', '--confirm', 'vps-01'],
    ]) {
      await rejects(argv, new RegExp(name), env);
    }
  });
});
