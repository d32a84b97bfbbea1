// Time as the client sees it; injected so polling and backoff run instantly in tests.
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The longest delay one Node timer holds (2^31-1 ms, about 24.8 days): a longer one fires
 * after 1 ms with a TimeoutOverflowWarning, which would turn a long wait into a busy loop.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      // Flags refuse such lengths; a longer sleep from elsewhere is chained, never cut short.
      let left = Number.isFinite(ms) ? Math.max(0, ms) : MAX_TIMER_MS;
      let timer: ReturnType<typeof setTimeout>;
      const arm = () => {
        const step = Math.min(left, MAX_TIMER_MS);
        left -= step;
        timer = setTimeout(() => {
          if (left > 0) return arm();
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, step);
      };
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      arm();
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
