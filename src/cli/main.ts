// Bundle entry for bin/infra. Kept tiny: `--version` answers without loading commander.
export { run } from './run.js';
export { InterruptedError } from './errors.js';
