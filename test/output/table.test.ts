// The table renderer every list goes through (src/output/table.ts): on a terminal fitted to
// its width with one note for what was left out, --wide whole, piped TSV untouched by any of it.
import { describe, expect, it } from 'vitest';
import { makeStyle, plainStyle } from '../../src/output/color.js';
import { guardStream } from '../../src/output/terminal-guard.js';
import { displayWidth } from '../../src/output/width.js';
import { tableWriter, type Column, type TableOptions } from '../../src/output/table.js';

class Capture {
  text = '';
  constructor(
    public isTTY: boolean,
    public columns = 0,
  ) {}
  write(chunk: string | Uint8Array) {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }
}

type Row = { id: string; name: string; state: string; region: string; note: string };
const COLUMNS: Column<Row>[] = [
  { header: 'ID', value: (r) => r.id, fit: { kind: 'id' } },
  { header: 'NAME', value: (r) => r.name, fit: { kind: 'text', min: 8 } },
  { header: 'STATE', value: (r) => r.state },
  { header: 'REGION', value: (r) => r.region, fit: { priority: 1 } },
  { header: 'NOTE', value: (r) => r.note, fit: { kind: 'text', min: 12 } },
];
const row = (i: number): Row => ({
  id: `${String(i).padStart(8, '0')}-9adc-4343-80d1-20b0d106ef9f`,
  name: i % 2 ? `checkout-api-${i}` : `東京-${i}`,
  state: i % 3 ? 'ready' : 'degraded',
  region: 'eu-central-1',
  note: 'scaled to zero after an idle hour, wakes on the first request',
});
const ROWS = [1, 2, 3, 4].map(row);

async function render(out: Capture, rows: Row[], opts: TableOptions = {}, style = plainStyle) {
  const notes: string[] = [];
  const t = tableWriter(out, COLUMNS, style, { width: out.columns, note: (n) => notes.push(n), ...opts });
  t.add(rows);
  await t.end();
  return { lines: out.text.trimEnd().split('\n'), notes };
}

describe('a table on a terminal', () => {
  it.each([40, 60, 80, 120])('%i columns: no line is wider; what was left out is said once', async (width) => {
    const { lines, notes } = await render(new Capture(true, width), ROWS, { wide: false });
    expect(lines).toHaveLength(ROWS.length + 1);
    for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(width);
    expect(notes.length).toBeLessThanOrEqual(1);
    if (lines[0]!.includes('REGION')) expect(notes).toEqual([]);
    else expect(notes).toEqual([`REGION left out to fit ${width} columns; --wide shows them`]);
  });

  it('fits: nothing changes (whole ids, nothing cut, no note)', async () => {
    const { lines, notes } = await render(new Capture(true, 200), ROWS);
    expect(lines[1]).toBe(`${ROWS[0]!.id}  checkout-api-1  ready     eu-central-1  ${ROWS[0]!.note}`);
    expect(notes).toEqual([]);
  });

  it('at 80: ids are their 8-character prefix and the note is cut between words; at 40 REGION goes too', async () => {
    const at80 = await render(new Capture(true, 80), ROWS, { wide: false });
    expect(at80.lines.slice(0, 3)).toEqual([
      'ID        NAME            STATE     REGION        NOTE',
      '00000001  checkout-api-1  ready     eu-central-1  scaled to zero after an idle…',
      // 東京 takes four columns: the padding counts them.
      '00000002  東京-2          ready     eu-central-1  scaled to zero after an idle…',
    ]);
    const at40 = await render(new Capture(true, 40), ROWS, { wide: false });
    expect(at40.lines.slice(0, 2)).toEqual(['ID        NAME      STATE     NOTE', '00000001  checkou…  ready     scaled to…']);
  });

  it('--wide: every column whole, however wide, and no note', async () => {
    const { lines, notes } = await render(new Capture(true, 40), ROWS, { wide: true });
    expect(lines[1]).toContain(ROWS[0]!.id);
    expect(lines[1]).toContain(ROWS[0]!.note);
    expect(lines[0]).toContain('REGION');
    expect(notes).toEqual([]);
  });

  it('a command without --wide: the note points to --json only', async () => {
    const { notes } = await render(new Capture(true, 40), ROWS, { wide: undefined });
    expect(notes).toEqual(['REGION left out to fit 40 columns; --json shows them']);
  });

  it('colour codes are not counted: a coloured table is as wide as a plain one', async () => {
    const style = await makeStyle(true);
    const columns: Column<Row>[] = COLUMNS.map((c) => (c.header === 'STATE' ? { ...c, color: (v: string) => (v === 'ready' ? style.green(v) : style.yellow(v)) } : c));
    const out = new Capture(true, 60);
    // Colours are markers until the terminal guard makes them escapes, as on stdout.
    const t = tableWriter(guardStream(out), columns, style, { width: 60, wide: false });
    t.add(ROWS);
    await t.end();
    const lines = out.text.trimEnd().split('\n');
    expect(out.text).toContain('\x1b[');
    for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(60);
    const plain = await render(new Capture(true, 60), ROWS, { wide: false });
    expect(lines.map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''))).toEqual(plain.lines);
  });

  it('footnotes go under the rows, before the note', async () => {
    const out = new Capture(true, 40);
    const said: string[] = [];
    const t = tableWriter(out, COLUMNS, plainStyle, { width: 40, wide: false, footer: (w) => [`[1] wrapped to ${w}`], note: (n) => said.push(`${out.text.split('\n').length}:${n}`) });
    t.add(ROWS);
    await t.end();
    expect(out.text.trimEnd().split('\n').slice(-2)).toEqual(['', '[1] wrapped to 40']);
    // The note came after every line of the table and its footnotes.
    expect(said).toEqual([`${ROWS.length + 4}:REGION left out to fit 40 columns; --wide shows them`]);
  });

  it('past the rows it holds, it streams: the rows after them are cut to the same widths', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => row(i + 1));
    // A later row longer than any of the first: still within the width.
    many[1100] = { ...many[1100]!, name: 'a-much-longer-name-than-any-of-the-first-thousand-rows' };
    const { lines } = await render(new Capture(true, 80), many, { wide: false });
    expect(lines).toHaveLength(1201);
    for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(80);
    expect(new Set(lines.slice(1).map((l) => l.slice(0, 8))).size).toBe(1200);
  });

  it('past the rows it holds, a longer cell that still fits pushes its line right (nothing is cut that need not be)', async () => {
    type Vm = { name: string; state: string };
    const out = new Capture(true, 80);
    const t = tableWriter<Vm>(
      out,
      [
        { header: 'NAME', value: (v) => v.name },
        { header: 'STATE', value: (v) => v.state },
      ],
      plainStyle,
      { width: 80, wide: false },
    );
    t.add(Array.from({ length: 1001 }, (_, i) => ({ name: `vps-${i}`, state: 'running' })));
    t.add([
      { name: 'vps-199999', state: 'running' },
      { name: `vps-${'9'.repeat(90)}`, state: 'running' },
    ]);
    await t.end();
    const lines = out.text.trimEnd().split('\n');
    expect(lines.at(-2)).toBe('vps-199999  running');
    expect(displayWidth(lines.at(-1)!)).toBeLessThanOrEqual(80);
  });

  it('an empty table prints nothing and says nothing', async () => {
    const { lines, notes } = await render(new Capture(true, 40), []);
    expect(lines).toEqual(['']);
    expect(notes).toEqual([]);
  });
});

describe('piped', () => {
  it('TSV with every column whole, whatever the width and --wide say', async () => {
    const expected = ['ID\tNAME\tSTATE\tREGION\tNOTE', ...ROWS.map((r) => [r.id, r.name, r.state, r.region, r.note].join('\t'))].join('\n') + '\n';
    for (const opts of [{ width: 40, wide: false }, { width: 0, wide: true }, { width: 80 }]) {
      const out = new Capture(false);
      const said: string[] = [];
      const t = tableWriter(out, COLUMNS, plainStyle, { ...opts, note: (n) => said.push(n), footer: () => ['[1] never piped'] });
      t.add(ROWS);
      await t.end();
      expect(out.text).toBe(expected);
      expect(said).toEqual([]);
    }
  });
});
