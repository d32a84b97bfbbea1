// How the wait on a product's operation speaks (create, start, stop, reboot, reinstall,
// update, delete, restore, clone, deploy): the words the one verdict (src/wait/verdict.ts)
// puts into its sentences, and the command that resumes the wait.
import type { StatusError } from '../../../client/schemas.js';
import type { Target } from '../../../wait/decide.js';
import type { StatusRead } from '../../../wait/poller.js';
import type { Words } from '../../../wait/verdict.js';
import { failureHint } from '../../../shared/hints.js';

export interface OperationSubject {
  /** The command family (`vps`, `database`), for the commands named in hints. */
  command: string;
  /** `VPS`, `database`. */
  noun: string;
  id: string;
  name: string;
  /** `start`, `stop`, `create`, `delete`. */
  verb: string;
  target: Target;
  /**
   * The command that resumes the wait, where it is not `infra <command> wait <id>` (a recovery
   * point, a restore operation, the cache a clone creates); the flags are appended as usual.
   */
  resumeCommand?: string;
  /** Where to look after a failure (default: `infra <command> diagnose|events <id>`). */
  look?: string;
  /**
   * The container a failure code of docs/behaviour.md#api-failure-codes is about (an operation of GET /operations/{id}):
   * the hint then says what to fix, and whether a retry can help, as that table does.
   */
  failureRef?: string;
}

/** `infra vps wait <id> [--observed-after TS]` (plus the project when it came from a flag). */
export function operationResume(s: OperationSubject, project?: string, seenFresh = false): string {
  const p = project ? ` --project ${project}` : '';
  const after = s.target.baseline && !seenFresh && s.target.baseline.observed_at ? ` --observed-after ${s.target.baseline.observed_at}` : '';
  const gone = s.verb === 'delete' ? ' --deleted' : '';
  return `${s.resumeCommand ?? `infra ${s.command} wait ${s.id}`}${after}${gone}${p}`;
}

/** `'infra vps diagnose <id>' and 'infra vps events <id>' say more`: where to look after a failure. */
export function lookWith(command: string, verbs: readonly string[], id: string): string {
  return `${verbs.map((v) => `'infra ${command} ${v} ${id}'`).join(' and ')} ${verbs.length > 1 ? 'say' : 'says'} more`;
}

export function operationWords(s: OperationSubject): Words {
  const look = () => s.look ?? lookWith(s.command, ['diagnose', 'events'], s.id);
  const failed = (err: StatusError | undefined) => {
    const h = s.failureRef && err?.code ? failureHint(err.code, s.failureRef) : undefined;
    // The server's word on retrying wins over the table's (they agree for every code of 7.2).
    if (h && (err?.retryable ?? h.retryable) === h.retryable) return `${h.hint}; ${look()}`;
    if (err?.retryable === false) return `retrying will not help; ${look()}`;
    if (err?.retryable === true) return `a retry may help; ${look()}`;
    return look();
  };
  return {
    // Getters: `operations wait` learns the operation's kind and container after the first read.
    get waitingFor() {
      return `the ${s.verb} of ${s.name}`;
    },
    get ended() {
      return `${s.verb} of ${s.name}`;
    },
    goesOn: 'it',
    done: (summary, took) => `${s.verb} of ${s.name} finished: ${summary} (${took})`,
    get degraded() {
      return `${s.verb} of ${s.name} ended degraded`;
    },
    advice: (outcome, err) => {
      if (outcome === 'impossible') return s.look ?? `look at it with: infra ${s.command} get ${s.id}`;
      if (outcome === 'cancelled') return undefined;
      return failed(err);
    },
    phase: (d, read) => {
      switch (d.phase) {
        case 'previous_rollout':
          // A resume knows only a time: an operation that ended before it began is never seen.
          if (s.target.baseline?.observedAfter)
            return `waiting for a read that shows the ${s.verb} of ${s.name} in progress (if it already finished, ${s.look ?? lookWith(s.command, ['events'], s.id)})`;
          return `waiting for the platform to pick up the ${s.verb} of ${s.name}`;
        case 'stale':
          return `the status of ${s.name} is stale: waiting for a live one`;
        default:
          return inFlightLine(s, read);
      }
    },
    // A stop is no rollout: the NDJSON phase names the action, as the progress line does.
    eventPhase: (phase) => (phase === 'rolling_out' ? (acting(s.verb) ?? phase) : phase),
  };
}

// The verbs whose gerund names what is happening; other words (`activation`, `password
// rotation`) are nouns: their lines keep `<noun> of <name>`, their events the engine's phase.
const ACTING: Record<string, string> = {
  attach: 'attaching',
  build: 'building',
  clone: 'cloning',
  create: 'creating',
  delete: 'deleting',
  deploy: 'deploying',
  'force-stop': 'force-stopping',
  reboot: 'rebooting',
  reinstall: 'reinstalling',
  resize: 'resizing',
  restart: 'restarting',
  restore: 'restoring',
  start: 'starting',
  stop: 'stopping',
  update: 'updating',
};

/** `stopping`, `creating`: the verb as what is happening now; undefined for a noun. */
export function acting(verb: string): string | undefined {
  return ACTING[verb];
}

/** Words that say nothing a person needs while the verb already says the action is under way. */
const SAYS_NOTHING = ['in_progress', 'running', 'stopped', 'ready', 'unknown'];

/**
 * The progress line of an operation in flight: `creating orders-pg (provisioning)`. The word in
 * brackets is the platform's own where it has one (the legacy status), else the summary where
 * it tells a step (a build's `pending`, `pushing`), else the operation's state where that is
 * news (queued); shown only when it adds to the verb. A create's `pending` is said by its
 * legacy status (`provisioning`) instead.
 */
function inFlightLine(s: OperationSubject, read: StatusRead): string {
  const details = read.status_details;
  const doing = acting(s.verb);
  const says = (w: unknown): w is string => typeof w === 'string' && w !== '' && w !== doing && !SAYS_NOTHING.includes(w);
  const legacy = (read as { status?: unknown }).status;
  const summary = details?.summary;
  const word = says(legacy) && legacy !== 'pending' ? legacy : says(summary) ? summary : details?.operation?.state === 'queued' ? 'queued' : undefined;
  const bracket = word ? ` (${word.replaceAll('_', ' ')})` : '';
  return doing ? `${doing} ${s.name}${bracket}` : `${s.verb} of ${s.name}: ${summary ?? 'in progress'}${bracket && word !== summary ? bracket : ''}`;
}
