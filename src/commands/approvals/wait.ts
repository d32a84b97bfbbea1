// `approvals wait <approval>`: follows an approval until it is decided, paced by the server's
// `poll_after_ms` (30 s): exit 0 granted, 1 refused (with the reviewer's reason), 6 timeout
// (the review goes on; the command resumes it), 130 Ctrl-C.
import { arg, defineCommand, option } from '../../cli/command.js';
import { durationOption } from '../../cli/options.js';
import { progressOption, waitFlagsOf } from '../kit/wait/flags.js';
import { followApproval } from '../kit/approvals.js';

export default defineCommand({
  path: ['approvals', 'wait'],
  description: 'wait until an approval is decided (exit 0 granted, 1 refused, 6 timeout)',
  args: [arg('<approval>', "approval id (printed by 'infra account limits request')")],
  options: {
    timeout: option('--timeout <duration>', 'give up waiting after this long, e.g. 30m, 2h (default 15m; the review goes on)', durationOption('--timeout', { min: 1_000 })),
    progress: progressOption(),
  },
  examples: ['infra approvals wait 0b6d3a9e-2f41-4c8e-9a57-1e2f3a4b5c6d', 'infra approvals wait 0b6d3a9e-2f41-4c8e-9a57-1e2f3a4b5c6d --timeout 2h --json | jq -r .status'],
  help: 'The server says how often to look (every 30 seconds while the review is open); progress goes to stderr; --json prints the approval as its last read gave it.',
  run: async (app, { args: [id], opts }) => {
    const flags = waitFlagsOf({ timeout: opts.timeout, progress: opts.progress }, true, 'the approval');
    return followApproval(app, await app.client(), id, flags);
  },
});
