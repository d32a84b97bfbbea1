// Revisions with their conditions, and Service/Route readiness (spec 2.4).
import { iso } from '../clock.js';
import { servingAt, startedBy, type ContainerRecord, type Rollout } from './containers.js';

export interface ConditionView {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string | null;
  message: string | null;
  last_transition_time: string;
}

export interface RevisionView {
  name: string;
  generation: number;
  created_at: string;
  traffic_percent: number;
  actual_replicas: number;
  desired_replicas: number;
  image_url: string;
  conditions: ConditionView[];
}

export interface RevisionsView {
  revisions: RevisionView[];
  service: { ready: boolean; conditions: ConditionView[] };
  route: { ready: boolean; conditions: ConditionView[] };
}

function cond(type: string, status: ConditionView['status'], at: number, reason?: string, message?: string): ConditionView {
  return { type, status, reason: reason ?? null, message: message ?? null, last_transition_time: iso(at) };
}

function isStopped(c: ContainerRecord, now: number): boolean {
  return c.stoppedAt !== null && c.stoppedAt <= now;
}

export function revisionView(c: ContainerRecord, r: Rollout, now: number): RevisionView {
  const serving = servingAt(c, now);
  const isServing = serving === r;
  const scale = Math.max(1, r.spec.min_instances);
  const replicas = isServing && !isStopped(c, now) ? scale : 0;
  const f = r.outcome.failure;
  let conditions: ConditionView[];
  let actual = replicas;
  let desired = replicas;
  if (r.endAt > now) {
    conditions = ['Ready', 'ContainerHealthy', 'ResourcesAvailable'].map((t) =>
      cond(t, 'Unknown', r.startAt, 'Deploying', 'Waiting for the revision to become ready'),
    );
    desired = scale;
    actual = 0;
  } else if (r.outcome.kind === 'cancel') {
    conditions = [cond('Ready', 'False', r.endAt, 'Cancelled', 'The rollout was cancelled before the revision became ready')];
  } else if (f) {
    const msg = f.message(r.spec.image_url);
    conditions = [
      cond('Ready', 'False', r.endAt, f.reason, msg),
      f.podRan
        ? cond('ContainerHealthy', 'False', r.endAt, f.reason, msg)
        : cond('ResourcesAvailable', 'False', r.endAt, f.reason, msg),
    ];
    desired = 1;
    actual = f.podRan ? 1 : 0;
  } else if (isServing && isStopped(c, now)) {
    const at = c.stoppedAt ?? now;
    conditions = [cond('Ready', 'False', at, 'Stopped', 'The container is stopped; no pods run')];
  } else {
    conditions = ['Ready', 'ContainerHealthy', 'ResourcesAvailable'].map((t) => cond(t, 'True', r.endAt));
  }
  return {
    name: r.revision,
    generation: r.generation,
    created_at: iso(r.startAt),
    traffic_percent: isServing ? 100 : 0,
    actual_replicas: actual,
    desired_replicas: desired,
    image_url: r.spec.image_url,
    conditions,
  };
}

export function revisionsView(c: ContainerRecord, now: number): RevisionsView {
  const started = startedBy(c, now);
  const revisions = started.map((r) => revisionView(c, r, now)).reverse();
  const latest = started.at(-1);
  const serving = servingAt(c, now);
  const at = latest ? (latest.endAt > now ? latest.startAt : latest.endAt) : c.createdAt;
  const latestReady = revisions[0]?.conditions.find((x) => x.type === 'Ready')?.status ?? 'Unknown';
  const serviceReady: ConditionView['status'] = latestReady === 'True' && !isStopped(c, now) ? 'True' : latestReady;
  const ingress: ConditionView = !serving
    ? cond('IngressReady', 'Unknown', at, 'NoTraffic', 'No revision is ready to receive traffic')
    : serving.outcome.kind === 'noingress'
      ? cond('IngressReady', 'False', serving.endAt, 'IngressNotConfigured', 'The ingress has not been configured for the route; the public URL does not serve')
      : cond('IngressReady', 'True', serving.endAt);
  const traffic = serving
    ? cond('AllTrafficAssigned', 'True', serving.endAt)
    : cond('AllTrafficAssigned', 'False', at, 'RevisionMissing', 'No ready revision to route traffic to');
  const routeReady = ingress.status === 'True' && traffic.status === 'True';
  return {
    revisions,
    service: {
      ready: serviceReady === 'True',
      conditions: [
        cond('Ready', serviceReady, at),
        cond('ConfigurationsReady', serviceReady, at),
        cond('RoutesReady', routeReady ? 'True' : 'False', at),
      ],
    },
    route: {
      ready: routeReady,
      conditions: [cond('Ready', routeReady ? 'True' : ingress.status === 'Unknown' ? 'Unknown' : 'False', at), traffic, ingress],
    },
  };
}
