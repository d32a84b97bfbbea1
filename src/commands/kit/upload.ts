// Sending an archive with progress: bytes, rate and time left on a terminal (the progress
// spinner), a plain line every 10 s when stderr is piped, events with --progress json,
// nothing with --quiet. Ctrl-C says how far the upload got and whether anything can have
// been accepted; a stall says that nothing was deployed. docs/security/uploads.md.
import type { App } from '../../cli/app.js';
import { CliError, InterruptedError } from '../../cli/errors.js';
import { fileUpload, UploadStalledError, type UploadBody } from '../../client/form-data.js';
import { spinnerFits } from '../../output/progress.js';
import { humanSize } from '../../output/size.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { formatDuration } from '../../shared/duration.js';
import type { UploadArchive } from './pack.js';

/** A plain line (a pipe) or an event (--progress json) at most this often. */
const PLAIN_EVERY_MS = 10_000;
/** A terminal's spinner text at most this often. */
const LIVE_EVERY_MS = 200;

export interface UploadSend<T> {
  (body: UploadBody, opts: { signal: AbortSignal | undefined; onUploaded: (sent: number, total: number) => void }): Promise<T>;
}

/** `12 MiB of 100 MiB (12%) · 1.9 MiB/s · about 45s left` */
export function uploadText(sent: number, total: number, elapsedMs: number): string {
  const pct = total > 0 ? Math.floor((sent / total) * 100) : 100;
  const rate = elapsedMs > 0 ? (sent / elapsedMs) * 1000 : 0;
  const left = rate > 0 ? ((total - sent) / rate) * 1000 : undefined;
  const eta = left === undefined ? '' : ` · about ${formatDuration(Math.max(1, Math.ceil(left / 1000)) * 1000)} left`;
  return `uploading ${humanSize(sent)} of ${humanSize(total)} (${pct}%)${rate > 0 ? ` · ${humanSize(Math.round(rate))}/s` : ''}${eta}`;
}

/**
 * Uploads `archive` with `send`; `again` is what to run when the upload is cut, `check` how
 * to see whether a complete upload was accepted.
 */
export async function uploadWithProgress<T>(app: App, archive: UploadArchive, how: { json: boolean; check: string }, send: UploadSend<T>): Promise<T> {
  const body = fileUpload('file', archive.path, archive.size, archive.filename);
  const now = () => app.ctx.clock.now();
  const started = now();
  const live = !how.json && spinnerFits({ stream: app.ctx.stderr, interactive: app.interactive });
  const progress = how.json || app.settings.quiet ? undefined : await app.progress();
  let sent = 0;
  let shownAt = started;
  const event = (done: boolean) =>
    app.ctx.stderr.write(
      `${JSON.stringify({ time: new Date(now()).toISOString(), event: done ? 'uploaded' : 'upload', sent_bytes: sent, total_bytes: body.length, elapsed_seconds: Math.round((now() - started) / 1000) })}\n`,
    );
  const onUploaded = (n: number) => {
    sent = n;
    const t = now();
    if (t - shownAt < (live ? LIVE_EVERY_MS : PLAIN_EVERY_MS)) return;
    shownAt = t;
    if (how.json) event(false);
    else progress?.update(uploadText(sent, body.length, t - started));
  };
  try {
    const answer = await send(body, { signal: app.ctx.signal, onUploaded });
    const ms = now() - started;
    if (how.json) event(true);
    else progress?.done(`uploaded ${humanSize(body.length)} in ${formatDuration(Math.max(1000, Math.round(ms / 1000) * 1000))}`, true);
    return answer;
  } catch (err) {
    progress?.stop();
    const cut = `the upload was cut at ${humanSize(sent)} of ${humanSize(body.length)}`;
    if (err instanceof InterruptedError) {
      const code = err.signal === 'SIGTERM' ? ExitCode.TERMINATED : ExitCode.INTERRUPTED;
      if (sent < body.length) throw new CliError(code, `${err.message}: ${cut}; nothing was deployed`, 'run the same command again');
      throw new CliError(code, `${err.message} after the whole upload (${humanSize(body.length)}) was sent, before the server answered: it may have been accepted`, how.check);
    }
    if (err instanceof UploadStalledError && sent >= body.length) throw new CliError(ExitCode.UNAVAILABLE, `${err.message}: it may have been accepted`, how.check);
    if (err instanceof UploadStalledError)
      throw new CliError(ExitCode.UNAVAILABLE, `${err.message}; nothing was deployed`, 'run the same command again; INFRA_HTTP_TIMEOUT sets how long an upload may stall (e.g. INFRA_HTTP_TIMEOUT=2m)');
    throw err;
  } finally {
    await archive.dispose();
  }
}
