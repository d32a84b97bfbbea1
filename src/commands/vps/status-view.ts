// `infra vps status`: the legacy status answer as a person reads it. The answer is a row of
// flags (can_be_started, can_be_stopped...); printed as they came it was a key dump a person
// had to decode. Here: the state in words, what can be done now and what cannot.
const ACTIONS = [
  ['start', 'can_be_started'],
  ['stop', 'can_be_stopped'],
  ['reboot', 'can_be_rebooted'],
  ['delete', 'can_be_destroyed'],
] as const;

export function vpsStatusView(a: Record<string, unknown>): [string, string | undefined][] {
  const status = typeof a.status === 'string' ? a.status : undefined;
  const label = typeof a.status_label === 'string' ? a.status_label : status;
  const known = ACTIONS.filter(([, key]) => typeof a[key] === 'boolean');
  const allowed = known.filter(([, key]) => a[key] === true).map(([verb]) => verb);
  const refused = known.filter(([, key]) => a[key] === false).map(([verb]) => verb);
  const changing = a.is_transitional === true ? 'yes: an operation is in progress' : a.is_transitional === false ? 'no' : undefined;
  return [
    ['status', label],
    ['changing', changing],
    ['can do now', known.length ? allowed.join(', ') || 'nothing' : undefined],
    ['not now', known.length ? refused.join(', ') || 'nothing' : undefined],
    ['updated', typeof a.updated_at === 'string' ? a.updated_at : undefined],
  ];
}
