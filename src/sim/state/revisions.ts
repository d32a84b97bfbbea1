// Revisions with their conditions, and Service/Route status (docs/behaviour.md#api-observability; real-api
// ServerlessRevisionResource, ServerlessServiceStatusResource, ServerlessRouteStatusResource).
// Traffic lives only in route.traffic; Service and Route carry conditions, no `ready`.
import { iso } from '../clock.js';
import { isStopped, servingAt, startedBy, type ContainerRecord, type Rollout } from './containers.js';

export interface ConditionView {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string | null;
  message: string | null;
  last_transition_time: string | null;
}

export interface RevisionView {
  name: string | null;
  created_at: string | null;
  generation: number | null;
  is_latest_created: boolean;
  is_latest_ready: boolean;
  desired_replicas: number | null;
  actual_replicas: number | null;
  conditions: ConditionView[];
}

export interface RevisionsView {
  available: boolean;
  revisions: RevisionView[];
  service: { name: string | null; url: string | null; latest_created_revision: string | null; latest_ready_revision: string | null; conditions: ConditionView[] } | null;
  route: { name: string | null; url: string | null; traffic: Array<{ revision_name: string | null; percent: number; latest_revision: boolean }>; conditions: ConditionView[] } | null;
}

function cond(type: string, status: ConditionView['status'], at: number, reason?: string, message?: string): ConditionView {
  return { type, status, reason: reason ?? null, message: message ?? null, last_transition_time: iso(at) };
}

const nameOf = (r: Rollout | undefined) => (r && !r.unnamed ? r.revision : null);

function revisionView(c: ContainerRecord, r: Rollout, now: number, latest: Rollout | undefined, serving: Rollout | undefined): RevisionView {
  const isServing = serving === r;
  const scale = Math.max(1, r.spec.min_scale);
  const replicas = isServing && !isStopped(c, now) ? scale : 0;
  const f = r.outcome.failure;
  let conditions: ConditionView[];
  let actual = replicas;
  let desired = replicas;
  if (r.endAt > now) {
    conditions = ['Ready', 'ContainerHealthy', 'ResourcesAvailable'].map((t) => cond(t, 'Unknown', r.startAt, 'Deploying', 'Waiting for the revision to become ready'));
    desired = scale;
    actual = 0;
  } else if (r.outcome.kind === 'cancel') {
    conditions = [cond('Ready', 'False', r.endAt, 'Cancelled', 'The rollout was cancelled before the revision became ready')];
  } else if (f) {
    const msg = f.message(r.spec.image === null ? '' : `${r.spec.image}:${r.spec.image_tag}`);
    conditions = [cond('Ready', 'False', r.endAt, f.reason, msg), f.podRan ? cond('ContainerHealthy', 'False', r.endAt, f.reason, msg) : cond('ResourcesAvailable', 'False', r.endAt, f.reason, msg)];
    desired = 1;
    actual = f.podRan ? 1 : 0;
  } else if (isServing && isStopped(c, now)) {
    conditions = [cond('Ready', 'False', c.stoppedAt ?? now, 'Stopped', 'The container is stopped; no pods run')];
  } else {
    conditions = ['Ready', 'ContainerHealthy', 'ResourcesAvailable'].map((t) => cond(t, 'True', r.endAt));
  }
  return {
    name: nameOf(r),
    created_at: iso(r.startAt),
    generation: r.generation,
    is_latest_created: r === latest,
    is_latest_ready: r === serving,
    desired_replicas: desired,
    actual_replicas: actual,
    conditions,
  };
}

export function revisionsView(c: ContainerRecord, now: number, url: string): RevisionsView {
  const started = startedBy(c, now);
  const latest = started.at(-1);
  const serving = servingAt(c, now);
  const revisions = started.map((r) => revisionView(c, r, now, latest, serving)).reverse();
  const at = latest ? (latest.endAt > now ? latest.startAt : latest.endAt) : c.createdAt;
  const latestReady = revisions[0]?.conditions.find((x) => x.type === 'Ready')?.status ?? 'Unknown';
  const serviceReady: ConditionView['status'] = latestReady === 'True' && !isStopped(c, now) ? 'True' : latestReady;
  const ingress: ConditionView = !serving
    ? cond('IngressReady', 'Unknown', at, 'NoTraffic', 'No revision is ready to receive traffic')
    : serving.outcome.kind === 'noingress'
      ? cond('IngressReady', 'False', serving.endAt, 'IngressNotConfigured', 'The ingress has not been configured for the route; the public URL does not serve')
      : cond('IngressReady', 'True', serving.endAt);
  const traffic = serving ? cond('AllTrafficAssigned', 'True', serving.endAt) : cond('AllTrafficAssigned', 'False', at, 'RevisionMissing', 'No ready revision to route traffic to');
  const routeReady = ingress.status === 'True' && traffic.status === 'True';
  return {
    available: true,
    revisions,
    service: {
      name: c.slug,
      url,
      latest_created_revision: nameOf(latest),
      latest_ready_revision: nameOf(serving),
      conditions: [cond('Ready', serviceReady, at), cond('ConfigurationsReady', serviceReady, at), cond('RoutesReady', routeReady ? 'True' : 'False', at)],
    },
    route: {
      name: c.slug,
      url,
      traffic: serving && !isStopped(c, now) ? [{ revision_name: nameOf(serving), percent: 100, latest_revision: true }] : [],
      conditions: [cond('Ready', routeReady ? 'True' : ingress.status === 'Unknown' ? 'Unknown' : 'False', at), traffic, ingress],
    },
  };
}
