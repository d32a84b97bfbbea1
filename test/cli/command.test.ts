import { describe, expect, expectTypeOf, it } from 'vitest';
import { arg, choice, defineCommand, flag, list, option, required, withDefault } from '../../src/cli/command.js';

describe('defineCommand: typed arguments and options', () => {
  it('infers each value type from its spec', () => {
    defineCommand({
      path: ['x', 'y'],
      description: 'd',
      args: [arg('<id>', 'an id'), arg('[more]', 'optional'), arg('<rest...>', 'many')],
      options: {
        wait: flag('--wait', 'w'),
        safety: flag('--no-safety-point', 's'),
        image: option('--image <ref>', 'i'),
        port: option('--port <n>', 'p', Number),
        level: choice('--level <l>', 'l', ['debug', 'info']),
        container: choice('--container <c>', 'c', ['user-container', 'all'], 'user-container'),
        name: required('--name <n>', 'n'),
        env: list('--env <K=V>', 'e', (v) => v.split('=') as [string, string]),
        speed: withDefault('--speed <x>', 'x', 1, Number),
      },
      examples: [],
      async run(_app, { args, opts }) {
        expectTypeOf(args[0]).toEqualTypeOf<string>();
        expectTypeOf(args[1]).toEqualTypeOf<string | undefined>();
        expectTypeOf(args[2]).toEqualTypeOf<string[]>();
        expectTypeOf(opts.wait).toEqualTypeOf<boolean>();
        expectTypeOf(opts.safety).toEqualTypeOf<boolean>();
        expectTypeOf(opts.image).toEqualTypeOf<string | undefined>();
        expectTypeOf(opts.port).toEqualTypeOf<number | undefined>();
        expectTypeOf(opts.level).toEqualTypeOf<'debug' | 'info' | undefined>();
        expectTypeOf(opts.container).toEqualTypeOf<'user-container' | 'all'>();
        expectTypeOf(opts.name).toEqualTypeOf<string>();
        expectTypeOf(opts.env).toEqualTypeOf<[string, string][]>();
        expectTypeOf(opts.speed).toEqualTypeOf<number>();
      },
    });
  });

  it('flags are false when absent, `--no-` switches true; lists empty', () => {
    expect(flag('--wait', '').absent).toBe(false);
    expect(flag('--no-safety-point', '').absent).toBe(true);
    expect(flag('-y, --yes', '').absent).toBe(false);
    expect(list('--env <x>', '').absent).toEqual([]);
    expect(list('--env <x>', '').parse!('b', ['a'])).toEqual(['a', 'b']);
  });
});
