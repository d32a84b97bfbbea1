// The one sanitiser and our escape markers: what each unsafe character is shown as, that a
// marker cannot be forged by text from outside, and that widths and cuts treat markers as
// escapes of no width that are never cut.
import { describe, expect, it } from 'vitest';
import { makeStyle } from '../../src/output/color.js';
import { truncate } from '../../src/output/fit.js';
import { guardStream, rawStream } from '../../src/output/terminal-guard.js';
import { mark, sanitize, terminalText, unmarked } from '../../src/output/terminal-text.js';
import { displayWidth, sliceWidth } from '../../src/output/width.js';
import { summaryTable } from '../../src/wait/github.js';
import { Capture } from '../helpers/cli.js';

describe('sanitize', () => {
  it.each([
    ['ESC', 'a\u001b[2Jb', 'a^[[2Jb'],
    ['BEL ends an OSC', '\u001b]0;PWNED\u0007', '^[]0;PWNED^G'],
    ['CR', 'ok\rFAKE', 'ok\u240dFAKE'],
    ['NUL and backspace', '\u0000\u0008', '^@^H'],
    ['DEL', 'x\u007f', 'x^?'],
    ['C1 CSI', '\u009b31m', '\\u{9b}31m'],
    ['bidi override and isolates', '\u202eevil\u2066x\u2069', '\\u{202e}evil\\u{2066}x\\u{2069}'],
    ['LRM, RLM, ALM', '\u200e\u200f\u061c', '\\u{200e}\\u{200f}\\u{61c}'],
  ])('%s is shown visibly', (_, text, shown) => {
    expect(sanitize(text)).toBe(shown);
  });

  it('tab, newline and everything printable stay as they are (the same string: no copy)', () => {
    const text = 'name\tvalue\n東京 café ✔ \u00a0 ¿ \u2028';
    expect(sanitize(text)).toBe(text);
  });

  it('is idempotent', () => {
    const once = sanitize('\u001b]8;;x\u001b\\\r\u202e\u009b');
    expect(sanitize(once)).toBe(once);
  });
});

describe('markers for our own escapes', () => {
  it('become escapes only after the text around them was made safe', () => {
    const red = mark('\u001b[31m');
    expect(red).not.toMatch(/\u001b/);
    expect(terminalText(`${red}x\u001b[2J`)).toBe('\u001b[31mx^[[2J');
  });

  it('cannot be forged: the private-use characters without the nonce stay text', () => {
    const forged = '\ue0000000000000000000\ue001 \ue0001\ue001';
    expect(terminalText(forged)).toBe(forged);
    expect(terminalText(forged)).not.toMatch(/\u001b/);
  });

  it('a coloured style writes no escape until the guard does', async () => {
    const style = await makeStyle(true);
    const text = style.red(`a ${style.bold('b')} c`);
    expect(text).not.toMatch(/\u001b/);
    const out = new Capture();
    guardStream(out).write(text);
    expect(out.text).toBe('\u001b[31ma \u001b[1mb\u001b[22m c\u001b[39m');
  });

  it('take no width, and a cut never splits one: a cut inside colour ends with a reset', async () => {
    const style = await makeStyle(true);
    const text = `${style.green('ready')} and more text`;
    expect(displayWidth(text)).toBe('ready and more text'.length);
    for (let w = 0; w <= 20; w++) {
      const cut = terminalText(sliceWidth(text, w));
      // Every escape whole (an SGR), no private-use character left over.
      expect(cut.replace(/\u001b\[\d+m/g, '')).not.toMatch(/[\u001b\ue000\ue001]/);
    }
    expect(terminalText(sliceWidth(style.green('readiness'), 3))).toBe('\u001b[32mrea\u001b[0m');
    // Coloured text is cut by columns, not between words (a marker is no place to look for one).
    expect(unmarked(truncate(text, 12))).toBe('ready and m…');
  });
});

describe('the terminal guard', () => {
  it('forwards what a stream says of itself, and exact data goes to the stream under it', () => {
    const out = new Capture(true, 77);
    const guarded = guardStream(out);
    expect(guarded.isTTY).toBe(true);
    expect(guarded.columns).toBe(77);
    expect(guardStream(guarded)).toBe(guarded);
    guarded.write('\u001b]0;x\u0007\n');
    rawStream(guarded).write('"\u009b"\n');
    guarded.write(Buffer.from('\u202e'));
    expect(out.text).toBe('^[]0;x^G\n"\u009b"\n\\u{202e}');
  });
});

describe('the GitHub job summary', () => {
  it('server text cannot bring HTML or Markdown of its own', () => {
    const md = summaryTable([{ container: '<img src=x onerror=alert(1)>', revision: '[click](https://evil.example/)', outcome: 'failed', duration: '1s', hint: '**bold** `code` & co' }]);
    const row = md.split('\n')[2]!;
    expect(row).toContain('&lt;img src=x onerror=alert\\(1\\)&gt;');
    expect(row).toContain('\\[click\\]\\(https://evil.example/\\)');
    expect(row).toContain('\\*\\*bold\\*\\* \\`code\\` &amp; co');
    expect(row).not.toMatch(/<|\]\(/);
  });
});
