// Shell completion scripts generated from the live command tree: whatever a family
// registers (subcommands, aliases, flags, Option.choices / Argument.choices) is completed
// without touching this file. Only values commander does not know as choices come from
// `extraArgChoices`, given by the caller from the constants the commands themselves use.
// Values that live in the API (a family's names and ids, the projects) are not in the script:
// at those places it calls `infra __complete <words...>` (src/commands/completion), which
// prints them one per line from a short-lived cache or one quick request.
import type { Command, Option } from 'commander';
import { isShorthand } from './shorthands.js';
import { COMPLETED_BY_CALLBACK } from './tree.js';

export type Shell = 'bash' | 'zsh' | 'fish';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

export interface FlagSpec {
  /** e.g. ['-f', '--follow'] */
  names: string[];
  takesValue: boolean;
  choices: string[];
  /** Its values come from `infra __complete`. */
  callback: boolean;
  description: string;
}

export interface NodeSpec {
  /** Words after `infra`, '' joined with spaces for the root. */
  path: string;
  name: string;
  /** Declared aliases: offered beside the name. */
  aliases: string[];
  /** Shorthands (`ls` for list): understood on the command line, not offered (no list twice as long). */
  shorthands: string[];
  description: string;
  flags: FlagSpec[];
  /** Per positional argument: the values to offer ([] = free text). */
  args: string[][];
  /** Positional arguments whose values come from `infra __complete` (a variadic one: every position from `index` on). */
  callbackArgs: { index: number; variadic: boolean }[];
  children: NodeSpec[];
}

/** Values for positional arguments that commander does not hold as choices, by argument name. */
export type ArgChoices = Record<string, readonly string[]>;

function flagOf(o: Option, callbackGlobals: readonly string[] = []): FlagSpec {
  return {
    names: [o.short, o.long].filter((n): n is string => !!n),
    takesValue: o.required || o.optional,
    choices: o.argChoices ?? [],
    callback: COMPLETED_BY_CALLBACK.has(o) || (!!o.long && callbackGlobals.includes(o.long)),
    description: o.description,
  };
}

const HELP_FLAG: FlagSpec = { names: ['-h', '--help'], takesValue: false, choices: [], callback: false, description: 'show help' };

/**
 * The tree as plain data. Global options are added to every command (they are accepted
 * anywhere); `callbackGlobals` names those whose values `infra __complete` gives (--project).
 */
export function describeTree(program: Command, extra: ArgChoices = {}, callbackGlobals: readonly string[] = []): NodeSpec {
  // --version belongs to `infra` alone; the other global options are accepted anywhere.
  const globals = program.options.filter((o) => !o.hidden && o.long !== '--version').map((o) => flagOf(o, callbackGlobals));
  const visit = (cmd: Command, path: string[]): NodeSpec => {
    const own = cmd.options.filter((o) => !o.hidden && (cmd !== program || o.long === '--version')).map((o) => flagOf(o));
    const children = cmd.commands.filter((c) => !(c as Command & { _hidden?: boolean })._hidden).map((c) => visit(c, [...path, c.name()]));
    if (cmd === program) {
      children.push({
        path: 'help',
        name: 'help',
        aliases: [],
        shorthands: [],
        description: 'show help for a command',
        flags: [],
        args: [children.map((c) => c.name)],
        callbackArgs: [],
        children: [],
      });
    }
    return {
      path: path.join(' '),
      name: cmd.name(),
      aliases: cmd.aliases().filter((a) => !isShorthand(a, cmd.name())),
      shorthands: cmd.aliases().filter((a) => isShorthand(a, cmd.name())),
      description: cmd.description(),
      flags: [...own, ...globals, HELP_FLAG],
      args: cmd.registeredArguments.map((a) => a.argChoices ?? [...(extra[a.name()] ?? [])]),
      callbackArgs: cmd.registeredArguments.flatMap((a, index) => (COMPLETED_BY_CALLBACK.has(a) ? [{ index, variadic: a.variadic }] : [])),
      children,
    };
  };
  return visit(program, []);
}

export function allNodes(root: NodeSpec): NodeSpec[] {
  return [root, ...root.children.flatMap(allNodes)];
}

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** `case` arms shared by bash and zsh (same syntax): subcommand lookup, value flags, choices. */
function caseFunctions(prefix: string, root: NodeSpec): string {
  const nodes = allNodes(root);
  const subArms = nodes.flatMap((n) => n.children.flatMap((c) => [c.name, ...c.aliases, ...c.shorthands].map((w) => `    ${sq(`${n.path}:${w}`)}) REPLY=${sq(c.name)} ;;`)));
  const valueArms = nodes.map((n) => {
    const names = n.flags.filter((f) => f.takesValue).flatMap((f) => f.names);
    return names.length ? `    ${sq(n.path)}) case "$2" in ${names.map(sq).join('|')}) return 0 ;; esac ;;` : '';
  });
  const wordArms = nodes.map((n) => `    ${sq(n.path)}) REPLY=${sq([...n.children.flatMap((c) => [c.name, ...c.aliases])].join(' '))} ;;`);
  const flagArms = nodes.map((n) => `    ${sq(n.path)}) REPLY=${sq(n.flags.flatMap((f) => f.names).join(' '))} ;;`);
  const choiceArms = nodes.flatMap((n) => n.flags.filter((f) => f.choices.length).flatMap((f) => f.names.map((name) => `    ${sq(`${n.path}:${name}`)}) REPLY=${sq(f.choices.join(' '))} ;;`)));
  const argArms = nodes.flatMap((n) => n.args.map((vals, i) => (vals.length ? `    ${sq(`${n.path}:${i}`)}) REPLY=${sq(vals.join(' '))} ;;` : '')));
  const fn = (name: string, subject: string, arms: string[], tail = '') => `${prefix}_${name}() {\n  REPLY=''\n  case ${subject} in\n${arms.filter(Boolean).join('\n')}\n  esac${tail}\n}`;
  // Where `infra __complete` gives the values. A global option's (--project) under every path;
  // a variadic argument's at every position (the callback knows which positions are its own).
  const globalCallbacks = new Set(root.flags.filter((f) => f.callback).flatMap((f) => f.names));
  const callbackArgArms = nodes.flatMap((n) => n.callbackArgs.map(({ index, variadic }) => `    ${variadic ? `${sq(`${n.path}:`)}*` : sq(`${n.path}:${index}`)}) return 0 ;;`));
  const callbackFlagArms = [
    ...[...globalCallbacks].map((name) => `    *:${sq(name)}) return 0 ;;`),
    ...nodes.flatMap((n) => n.flags.filter((f) => f.callback).flatMap((f) => f.names.filter((name) => !globalCallbacks.has(name)).map((name) => `    ${sq(`${n.path}:${name}`)}) return 0 ;;`))),
  ];
  const test = (name: string, arms: string[]) => `${prefix}_${name}() {\n  case "$1:$2" in\n${arms.join('\n')}\n  esac\n  return 1\n}`;
  return [
    '# $1 path, $2 word: REPLY = canonical subcommand name, or empty',
    fn('sub', '"$1:$2"', subArms),
    '# $1 path, $2 flag: true when the flag takes a value',
    fn('takes_value', '"$1"', valueArms, '\n  return 1'),
    fn('words', '"$1"', wordArms),
    fn('flags', '"$1"', flagArms),
    '# $1 path, $2 flag: the values it accepts',
    fn('flag_choices', '"$1:$2"', choiceArms),
    '# $1 path, $2 positional index: the values it accepts',
    fn('arg_choices', '"$1:$2"', argArms),
    "# $1 path, $2 positional index: true when 'infra __complete' gives its values",
    test('callback_arg', callbackArgArms),
    "# $1 path, $2 flag: true when 'infra __complete' gives its values",
    test('callback_flag', callbackFlagArms),
  ].join('\n');
}

// Walks the words before the cursor: subcommands deepen the path, flags that take a value
// skip the next word, anything else is a positional argument. Same text in bash and zsh.
function walker(prefix: string, wordsExpr: string, first: number, last: string): string {
  return `  local ipath='' nargs=0 skip=0 i w
  for ((i = ${first}; i < ${last}; i++)); do
    w="${wordsExpr}"
    if ((skip)); then skip=0; continue; fi
    case "$w" in
      -*=*) continue ;;
      -*) ${prefix}_takes_value "$ipath" "$w" && skip=1; continue ;;
    esac
    ${prefix}_sub "$ipath" "$w"
    if [[ -n "$REPLY" && $nargs -eq 0 ]]; then ipath="\${ipath:+$ipath }$REPLY"; else nargs=$((nargs + 1)); fi
  done`;
}

export function bashScript(root: NodeSpec): string {
  return `# bash completion for infra (generated by 'infra completion bash')
# Load it now:     source <(infra completion bash)
# Or for good:     infra completion bash > ~/.local/share/bash-completion/completions/infra
${caseFunctions('_infra', root)}

# Adds what 'infra __complete' prints for the words up to the cursor (names from the API, one
# per line, already matching the word typed); errors are never shown.
_infra_callback() {
  local line
  while IFS= read -r line; do [[ -n "$line" ]] && COMPREPLY+=("$line"); done < <("\${COMP_WORDS[0]}" __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null)
}

_infra() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" REPLY
${walker('_infra', '${COMP_WORDS[i]}', 1, 'COMP_CWORD')}
  COMPREPLY=()
  if ((skip)); then
    if _infra_callback_flag "$ipath" "$prev"; then _infra_callback; return 0; fi
    _infra_flag_choices "$ipath" "$prev"
    [[ -n "$REPLY" ]] && COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    _infra_flags "$ipath"; COMPREPLY=($(compgen -W "$REPLY" -- "$cur")); return 0
  fi
  _infra_words "$ipath"
  if [[ -n "$REPLY" && $nargs -eq 0 ]]; then
    COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
    # A command with subcommands may take an argument too (database credentials <id>).
    _infra_callback_arg "$ipath" 0 && _infra_callback
    return 0
  fi
  _infra_arg_choices "$ipath" "$nargs"
  if [[ -n "$REPLY" ]]; then COMPREPLY=($(compgen -W "$REPLY" -- "$cur")); return 0; fi
  _infra_callback_arg "$ipath" "$nargs" && _infra_callback
  return 0
}
complete -F _infra infra
`;
}

export function zshScript(root: NodeSpec): string {
  // Descriptions for subcommands (zsh shows them beside the names).
  const described = allNodes(root)
    .filter((n) => n.children.length)
    .map((n) => `    ${sq(n.path)}) subs=(${n.children.map((c) => sq(`${c.name}:${oneLine(c.description).replace(/:/g, '\\:')}`)).join(' ')}) ;;`);
  return `#compdef infra
# zsh completion for infra (generated by 'infra completion zsh')
# Load it now:     source <(infra completion zsh)
# Or for good:     infra completion zsh > "\${fpath[1]}/_infra"   (then restart zsh)
${caseFunctions('_infra', root)}

# Offers what 'infra __complete' prints for the words up to the cursor (names from the API,
# one per line); errors are never shown.
_infra_callback() {
  local -a found
  found=(\${(f)"$("\${words[1]}" __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)"})
  ((\${#found})) && compadd -a found
}

_infra() {
  local cur="\${words[CURRENT]}" prev="\${words[CURRENT-1]}" REPLY
  local -a subs reply
${walker('_infra', '${words[i]}', 2, 'CURRENT')}
  if ((skip)); then
    if _infra_callback_flag "$ipath" "$prev"; then _infra_callback; return 0; fi
    _infra_flag_choices "$ipath" "$prev"
    reply=(\${=REPLY}); ((\${#reply})) && compadd -a reply
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    _infra_flags "$ipath"; reply=(\${=REPLY}); compadd -a reply; return 0
  fi
  if ((nargs == 0)); then
    case "$ipath" in
${described.join('\n')}
    esac
    if ((\${#subs})); then
      _describe -t commands 'infra command' subs
      _infra_callback_arg "$ipath" 0 && _infra_callback
      return 0
    fi
  fi
  _infra_arg_choices "$ipath" "$nargs"
  reply=(\${=REPLY})
  if ((\${#reply})); then compadd -a reply; return 0; fi
  _infra_callback_arg "$ipath" "$nargs" && _infra_callback
  return 0
}

if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then
  _infra "$@"
else
  compdef _infra infra
fi
`;
}

export function fishScript(root: NodeSpec): string {
  const nodes = allNodes(root);
  // fish single quotes: only \\ and \' are escapes.
  const fsq = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const fq = (s: string) => fsq(oneLine(s));
  const subArms = nodes.flatMap((n) => n.children.flatMap((c) => [c.name, ...c.aliases, ...c.shorthands].map((w) => `    case ${fsq(`${n.path}:${w}`)}\n      echo ${fsq(c.name)}`)));
  const valueArms = nodes.map((n) => {
    const names = n.flags.filter((f) => f.takesValue).flatMap((f) => f.names.map((x) => `${n.path}:${x}`));
    return names.length ? `    case ${names.map(fsq).join(' ')}\n      return 0` : '';
  });
  const lines: string[] = [];
  for (const n of nodes) {
    const cond = `"__infra_state_is ${fsq(n.path)}"`;
    for (const c of n.children) {
      for (const w of [c.name, ...c.aliases]) lines.push(`complete -c infra -f -n ${cond} -a ${fsq(w)} -d ${fq(c.description)}`);
    }
    for (const f of n.flags) {
      const parts = f.names.map((x) => (x.startsWith('--') ? `-l ${fsq(x.slice(2))}` : `-s ${fsq(x.slice(1))}`));
      const value = f.takesValue ? (f.choices.length ? ` -x -a ${fsq(f.choices.join(' '))}` : f.callback ? ` -x -a ${fsq('(__infra_callback)')}` : ' -r') : '';
      lines.push(`complete -c infra -f -n "__infra_path_is ${fsq(n.path)}" ${parts.join(' ')}${value} -d ${fq(f.description)}`);
    }
    n.args.forEach((vals, i) => {
      if (vals.length) lines.push(`complete -c infra -f -n "__infra_arg_is ${fsq(n.path)} ${i}" -a ${fsq(vals.join(' '))}`);
    });
    for (const { index, variadic } of n.callbackArgs) {
      lines.push(`complete -c infra -f -n "${variadic ? '__infra_arg_from' : '__infra_arg_is'} ${fsq(n.path)} ${index}" -a ${fsq('(__infra_callback)')}`);
    }
  }
  return `# fish completion for infra (generated by 'infra completion fish')
# Load it now:     infra completion fish | source
# Or for good:     infra completion fish > ~/.config/fish/completions/infra.fish
function __infra_sub
  switch "$argv[1]:$argv[2]"
${subArms.join('\n')}
  end
end

function __infra_takes_value
  switch "$argv[1]:$argv[2]"
${valueArms.filter(Boolean).join('\n')}
  end
  return 1
end

# Prints the command path and the number of positional arguments before the cursor.
function __infra_state
  set -l words (commandline -opc)
  set -e words[1]
  set -l path ''
  set -l nargs 0
  set -l skip 0
  for w in $words
    if test $skip -eq 1
      set skip 0
      continue
    end
    switch $w
      case '-*=*'
        continue
      case '-*'
        __infra_takes_value "$path" $w; and set skip 1
        continue
    end
    set -l sub (__infra_sub "$path" $w)
    if test -n "$sub" -a $nargs -eq 0
      set path (string trim -- "$path $sub")
    else
      set nargs (math $nargs + 1)
    end
  end
  echo $path
  echo $nargs
end

function __infra_path_is
  set -l state (__infra_state)
  test "$state[1]" = "$argv[1]"
end

# Subcommands are offered only before any positional argument.
function __infra_state_is
  set -l state (__infra_state)
  test "$state[1]" = "$argv[1]" -a "$state[2]" -eq 0
end

function __infra_arg_is
  set -l state (__infra_state)
  test "$state[1]" = "$argv[1]" -a "$state[2]" -eq "$argv[2]"
end

# A variadic argument: every position from its own.
function __infra_arg_from
  set -l state (__infra_state)
  test "$state[1]" = "$argv[1]" -a "$state[2]" -ge "$argv[2]"
end

# What 'infra __complete' prints for the words up to the cursor (names from the API, one per
# line); errors are never shown. The word being typed is passed even when empty.
function __infra_callback
  set -l words (commandline -opc)
  set -l cur (commandline -ct)
  $words[1] __complete $words[2..-1] "$cur" 2>/dev/null
end

complete -c infra -f
${lines.join('\n')}
`;
}

export function completionScript(shell: Shell, root: NodeSpec): string {
  return shell === 'bash' ? bashScript(root) : shell === 'zsh' ? zshScript(root) : fishScript(root);
}
