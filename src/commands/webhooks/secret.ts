// A signing secret the API shows once (in the answer that creates it) is printed on stdout,
// unmasked, and said so on stderr, since it cannot be read again.
import type { App } from '../../cli/app.js';

export function sayShownOnce(app: App): void {
  app.ctx.stderr.write(
    `${app.errStyle.yellow('note:')} the API shows this signing secret only once: store it now (receivers check each delivery's signature with it); it cannot be read again, only regenerated\n`,
  );
}
