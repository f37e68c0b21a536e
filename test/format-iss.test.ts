/**
 * ISS constraint text (src/format/iss.ts).
 *
 * Over the variants datasets (../shared/datasets/variants when present, else the vendored lines
 * in test/data/variants): every line reads; its size is the one its Shape item says; the kinds
 * and counts of its constraints are those of its ISS items, counted here from the text on their
 * own; its constraints, givens and regions are exactly those of its f-puzzles twin (the same line
 * of the fpuzzles file, decoded here with lz-string directly); and the solution on the line keeps
 * every constraint, under a small checker written here. Then item by item, and the errors: broken
 * text is 'invalid' and names the item, what sudokit cannot express is 'unsupported' and names it.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import lzString from 'lz-string';
import type { Constraint } from '../src/constraints/types.js';
import { parseIssText } from '../src/format/iss.js';
import { parseVariant } from '../src/format/variant.js';
import type { VariantParseResult } from '../src/format/variantResult.js';
import type { VariantPuzzle } from '../src/variant/puzzle.js';
import { HAS_SHARED, SHARED_DATASETS, VENDORED_DATASETS } from './helpers.js';

const SHARED_VARIANTS = `${SHARED_DATASETS}variants/`;
const FULL_COPY = HAS_SHARED && existsSync(`${SHARED_VARIANTS}README.md`);
const VARIANTS = FULL_COPY ? SHARED_VARIANTS : `${VENDORED_DATASETS}variants/`;

/** Lines per ISS file: the whole files' counts (their README's table), or the vendored samples'. */
const EXPECTED_LINES: Record<string, number> = FULL_COPY
  ? {
      'displayed-examples': 19,
      examples: 42,
      'examples-slow': 1,
      'hard-thermos': 3,
      'extreme-killers': 4,
      'hard-renban': 3,
      'tarek-all': 42,
      'mathemagic-killers': 14,
      'hs-killers': 9,
      'little-killer-snipes': 12,
      'little-killer-snipes-slow': 3,
      'other-sizes': 9,
    }
  : { 'displayed-examples': 5, examples: 5, 'hard-renban': 3, 'other-sizes': 5 };

interface DatasetLine {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly name: string;
  readonly solution: string | undefined;
  readonly twin: string;
}

function readVariants(): DatasetLine[] {
  const out: DatasetLine[] = [];
  const names = readdirSync(VARIANTS)
    .filter((f) => /^iss-.*\.txt$/.test(f))
    .map((f) => f.slice(4, -4))
    .sort();
  assert.deepEqual(names, Object.keys(EXPECTED_LINES).sort(), `the ISS files in ${VARIANTS}`);
  for (const name of names) {
    const lines = readFileSync(`${VARIANTS}iss-${name}.txt`, 'utf8').split('\n').filter(Boolean);
    const twins = readFileSync(`${VARIANTS}fpuzzles-${name}.txt`, 'utf8').split('\n').filter(Boolean);
    assert.equal(lines.length, EXPECTED_LINES[name], `lines of iss-${name}.txt`);
    assert.equal(twins.length, lines.length, `fpuzzles-${name}.txt has one line per line of iss-${name}.txt`);
    lines.forEach((line, i) => {
      const [text, title, solution] = line.split('\t');
      out.push({ file: `iss-${name}.txt`, line: i + 1, text: text!, name: title ?? '', solution, twin: twins[i]!.split(' ')[0]! });
    });
  }
  return out;
}

function mustParse(text: string): VariantPuzzle {
  const r = parseIssText(text);
  if (!r.ok) assert.fail(`${JSON.stringify(text.slice(0, 80))}: ${r.error.code}: ${r.error.message}`);
  return r.puzzle;
}

function mustFail(text: string, code: 'invalid' | 'unsupported', ...mentions: Array<string | RegExp>): string {
  const r: VariantParseResult = parseIssText(text);
  assert.equal(r.ok, false, `${JSON.stringify(text)} should not read`);
  if (r.ok) return '';
  assert.equal(r.error.code, code, `${JSON.stringify(text)}: ${r.error.message}`);
  for (const m of mentions) {
    if (typeof m === 'string') assert.ok(r.error.message.includes(m), `${JSON.stringify(r.error.message)} should mention ${JSON.stringify(m)}`);
    else assert.match(r.error.message, m);
  }
  return r.error.message;
}

// ---- an independent reading of the ISS items, for counts ----

const CELL_CHARS = '123456789abcdefg';
const BOXES: Record<number, [number, number]> = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 12: [3, 4], 16: [4, 4] };

function itemsOf(text: string): Array<{ type: string; args: string[] }> {
  return text
    .split('.')
    .slice(1)
    .map((raw) => {
      const [type, ...args] = raw.split('~');
      return { type: type!, args };
    });
}

function sideOf(text: string): number {
  const m = /\.Shape~(\d+)x\d+/.exec(text);
  return m ? Number(m[1]) : 9;
}

function rowCol(id: string): [number, number] {
  return [CELL_CHARS.indexOf(id[1]!.toLowerCase()), CELL_CHARS.indexOf(id[3]!.toLowerCase())];
}

/** How many of each constraint kind (and how many givens) the ISS items of `text` ask for. */
function expectedKinds(text: string): Record<string, number> {
  const size = sideOf(text);
  const items = itemsOf(text);
  const noBoxes = items.some((i) => i.type === 'NoBoxes');
  const counts: Record<string, number> = {};
  const add = (kind: string, n = 1): void => {
    if (n > 0) counts[kind] = (counts[kind] ?? 0) + n;
  };
  const flags = new Set<string>();
  const pairsIn = (ids: string[]): number => {
    const cells = ids.map(rowCol);
    let n = 0;
    for (let i = 0; i < cells.length; i++) for (let j = i + 1; j < cells.length; j++) if (Math.abs(cells[i]![0] - cells[j]![0]) + Math.abs(cells[i]![1] - cells[j]![1]) === 1) n++;
    return n;
  };
  for (const { type, args } of items) {
    switch (type) {
      case '':
        for (const arg of args) {
          const values = arg.split('_').slice(1).map(Number);
          if (values.length === 1) add('givens');
          else if (values.every((v) => v % 2 === 1)) add('odd');
          else if (values.every((v) => v % 2 === 0)) add('even');
        }
        break;
      case 'Cage':
      case 'Thermo':
      case 'Arrow':
      case 'Renban':
      case 'Palindrome':
      case 'Between':
      case 'LittleKiller':
      case 'Sandwich':
        add({ Cage: 'killer', Thermo: 'thermo', Arrow: 'arrow', Renban: 'renban', Palindrome: 'palindrome', Between: 'between', LittleKiller: 'little-killer', Sandwich: 'sandwich' }[type]);
        break;
      case 'Whisper':
        add('whispers');
        break;
      case 'Sum': {
        const cells = args.slice(1).map(rowCol);
        const [br, bc] = BOXES[size]!;
        const same = (f: (rc: [number, number]) => number): boolean => cells.every((c) => f(c) === f(cells[0]!));
        add(same((c) => c[0]) || same((c) => c[1]) || same((c) => Math.floor(c[0] / br) * 100 + Math.floor(c[1] / bc)) ? 'killer' : 'little-killer');
        break;
      }
      case 'WhiteDot':
        add('white-dot', pairsIn(args));
        break;
      case 'BlackDot':
        add('black-dot', pairsIn(args));
        break;
      case 'X':
      case 'V':
        add('xv', pairsIn(args));
        break;
      case 'StrictKropki':
        flags.add('non-consecutive').add('negative-black');
        break;
      case 'StrictXV':
        flags.add('negative-xv');
        break;
      case 'AntiConsecutive':
        flags.add('non-consecutive');
        break;
      case 'AntiKnight':
        flags.add('anti-knight');
        break;
      case 'AntiKing':
        flags.add('anti-king');
        break;
      case 'DisjointSets':
        flags.add('disjoint-groups');
        break;
      case 'Diagonal':
        flags.add(`diagonal${args[0]}`);
        break;
      case 'Windoku':
        add('extra-region', size === 16 ? 9 : 4);
        break;
      case 'Jigsaw':
        if (!noBoxes) add('extra-region', size);
        break;
    }
  }
  for (const flag of flags) add(flag.startsWith('diagonal') ? 'diagonal' : flag);
  return counts;
}

function actualKinds(p: VariantPuzzle): Record<string, number> {
  const counts: Record<string, number> = {};
  const givens = p.givens.filter((d) => d !== 0).length;
  if (givens > 0) counts.givens = givens;
  for (const c of p.constraints) counts[c.kind] = (counts[c.kind] ?? 0) + 1;
  return counts;
}

// ---- the same puzzle as its f-puzzles twin says it ----

function rc(cell: number, size: number): string {
  return `R${Math.floor(cell / size) + 1}C${(cell % size) + 1}`;
}

/** One line per given, constraint and jigsaw region, in f-puzzles' cell names; sorted. */
function signatures(p: VariantPuzzle): string[] {
  const n = p.geometry.size;
  const line = (cells: readonly number[]): string => cells.map((c) => rc(c, n)).join(' ');
  const set = (cells: readonly number[]): string =>
    cells
      .map((c) => rc(c, n))
      .sort()
      .join(' ');
  const out: string[] = [];
  p.givens.forEach((d, cell) => {
    if (d !== 0) out.push(`given ${rc(cell, n)} ${d}`);
  });
  for (const c of p.constraints as Constraint[]) {
    switch (c.kind) {
      case 'killer':
        out.push(`killer ${set(c.cells)} ${c.sum ?? '-'}`);
        break;
      case 'little-killer':
        out.push(`little-killer ${c.clue} ${c.direction} ${line(c.cells)} ${c.sum}`);
        break;
      case 'sandwich':
        out.push(`sandwich ${c.line === 'row' ? `R${c.index + 1}C0` : `R0C${c.index + 1}`} ${c.sum}`);
        break;
      case 'arrow':
        out.push(`arrow ${line(c.circle)} | ${line(c.arrow)}`);
        break;
      case 'whispers':
        out.push(`whispers ${line(c.cells)} ${c.difference}`);
        break;
      case 'thermo':
      case 'slow-thermo':
      case 'renban':
      case 'palindrome':
      case 'between':
        out.push(`${c.kind} ${line(c.cells)}`);
        break;
      case 'white-dot':
      case 'black-dot':
        out.push(`${c.kind} ${set(c.cells)}`);
        break;
      case 'xv':
        out.push(`xv ${set(c.cells)} ${c.sum === 10 ? 'X' : 'V'}`);
        break;
      case 'odd':
      case 'even':
        out.push(`${c.kind} ${rc(c.cell, n)}`);
        break;
      case 'extra-region':
        out.push(`extra-region ${set(c.cells)}`);
        break;
      case 'diagonal':
        out.push(`diagonal ${c.direction}`);
        break;
      default:
        out.push(c.kind);
    }
  }
  if (p.geometry.jigsaw) for (let b = 0; b < n; b++) out.push(`region ${set([...p.geometry.units[2 * n + b]!])}`);
  return out.sort();
}

const TWIN_KEYS = new Set(
  'size title grid killercage littlekillersum sandwichsum thermometer arrow whispers renban palindrome betweenline difference ratio xv odd even extraregion antiknight antiking diagonal+ diagonal- disjointgroups nonconsecutive negative'.split(
    ' ',
  ),
);

interface Twin {
  size: number;
  grid: Array<Array<{ value?: number; given?: boolean; region?: number }>>;
  [key: string]: unknown;
}

function decodeTwin(b64: string): Twin {
  return JSON.parse(lzString.decompressFromBase64(b64)) as Twin;
}

function twinSignatures(json: Twin): string[] {
  const out: string[] = [];
  const list = (key: string): Array<Record<string, unknown>> => (json[key] as Array<Record<string, unknown>> | undefined) ?? [];
  const sorted = (cells: unknown): string => (cells as string[]).slice().sort().join(' ');
  const lines = (entry: Record<string, unknown>): string[][] => entry.lines as string[][];
  const regions = new Map<number, string[]>();
  for (const [r, row] of json.grid.entries()) {
    for (const [c, cell] of row.entries()) {
      if (cell.given) out.push(`given R${r + 1}C${c + 1} ${cell.value}`);
      if (cell.region !== undefined) regions.set(cell.region, [...(regions.get(cell.region) ?? []), `R${r + 1}C${c + 1}`]);
    }
  }
  for (const cells of regions.values()) out.push(`region ${sorted(cells)}`);
  for (const k of list('killercage')) out.push(`killer ${sorted(k.cells)} ${k.value ?? '-'}`);
  for (const k of list('littlekillersum')) out.push(`little-killer ${k.cell} ${k.direction} ${(k.cells as string[]).join(' ')} ${k.value}`);
  for (const k of list('sandwichsum')) out.push(`sandwich ${k.cell} ${k.value}`);
  for (const k of list('arrow')) for (const l of lines(k)) out.push(`arrow ${(k.cells as string[]).join(' ')} | ${l.slice((k.cells as string[]).length).join(' ')}`);
  for (const k of list('whispers')) for (const l of lines(k)) out.push(`whispers ${l.join(' ')} ${k.value}`);
  for (const [key, kind] of [
    ['thermometer', 'thermo'],
    ['renban', 'renban'],
    ['palindrome', 'palindrome'],
    ['betweenline', 'between'],
  ] as const) {
    for (const k of list(key)) for (const l of lines(k)) out.push(`${kind} ${l.join(' ')}`);
  }
  for (const k of list('difference')) out.push(`white-dot ${sorted(k.cells)}`);
  for (const k of list('ratio')) out.push(`black-dot ${sorted(k.cells)}`);
  for (const k of list('xv')) out.push(`xv ${sorted(k.cells)} ${k.value}`);
  for (const k of list('odd')) out.push(`odd ${k.cell}`);
  for (const k of list('even')) out.push(`even ${k.cell}`);
  for (const k of list('extraregion')) out.push(`extra-region ${sorted(k.cells)}`);
  const flags: Array<[string, string]> = [
    ['antiknight', 'anti-knight'],
    ['antiking', 'anti-king'],
    ['diagonal+', 'diagonal positive'],
    ['diagonal-', 'diagonal negative'],
    ['disjointgroups', 'disjoint-groups'],
    ['nonconsecutive', 'non-consecutive'],
  ];
  for (const [key, sig] of flags) if (json[key] === true) out.push(sig);
  for (const rule of (json.negative as string[] | undefined) ?? []) out.push(rule === 'ratio' ? 'negative-black' : `negative-${rule}`);
  return out.sort();
}

// ---- a small checker: does the dataset's solution keep every constraint as read? ----

function solutionDigits(text: string, size: number): number[] {
  return [...text].map((ch) => (size > 9 ? ch.charCodeAt(0) - 64 : Number(ch)));
}

/** The first constraint (or unit) the grid breaks, described; undefined when it keeps them all. */
function broken(p: VariantPuzzle, grid: readonly number[]): string | undefined {
  const g = p.geometry;
  const n = g.size;
  const distinct = (cells: readonly number[]): boolean => new Set(cells.map((c) => grid[c])).size === cells.length;
  const sum = (cells: readonly number[]): number => cells.reduce((s, c) => s + grid[c]!, 0);
  const value = (cells: readonly number[]): number => cells.reduce((v, c) => v * 10 + grid[c]!, 0);
  for (let u = 0; u < g.units.length; u++) if (!distinct([...g.units[u]!])) return `unit ${u}`;
  for (let cell = 0; cell < g.cellCount; cell++) if (p.givens[cell] !== 0 && p.givens[cell] !== grid[cell]) return `given at ${rc(cell, n)}`;
  const diagonal = (positive: boolean): number[] => Array.from({ length: n }, (_, i) => (positive ? (n - 1 - i) * n + i : i * n + i));
  for (const c of p.constraints) {
    const bad = ((): boolean => {
      switch (c.kind) {
        case 'killer':
          return !distinct(c.cells) || (c.sum !== undefined && sum(c.cells) !== c.sum);
        case 'little-killer':
          return sum(c.cells) !== c.sum;
        case 'thermo':
          return c.cells.some((cell, i) => i > 0 && grid[cell]! <= grid[c.cells[i - 1]!]!);
        case 'arrow':
          return value(c.circle) !== sum(c.arrow);
        case 'sandwich': {
          const cells = Array.from({ length: n }, (_, i) => (c.line === 'row' ? c.index * n + i : i * n + c.index));
          const ends = [cells.findIndex((x) => grid[x] === 1), cells.findIndex((x) => grid[x] === n)].sort((a, b) => a - b);
          return sum(cells.slice(ends[0]! + 1, ends[1])) !== c.sum;
        }
        case 'white-dot':
          return Math.abs(grid[c.cells[0]]! - grid[c.cells[1]]!) !== 1;
        case 'black-dot':
          return grid[c.cells[0]]! !== 2 * grid[c.cells[1]]! && grid[c.cells[1]]! !== 2 * grid[c.cells[0]]!;
        case 'xv':
          return grid[c.cells[0]]! + grid[c.cells[1]]! !== c.sum;
        case 'odd':
        case 'even':
          return grid[c.cell]! % 2 !== (c.kind === 'odd' ? 1 : 0);
        case 'extra-region':
          return !distinct(c.cells);
        case 'diagonal':
          return !distinct(diagonal(c.direction === 'positive'));
        case 'whispers':
          return c.cells.some((cell, i) => i > 0 && Math.abs(grid[cell]! - grid[c.cells[i - 1]!]!) < c.difference);
        case 'renban': {
          const ds = c.cells.map((x) => grid[x]!);
          return !distinct(c.cells) || Math.max(...ds) - Math.min(...ds) !== ds.length - 1;
        }
        case 'palindrome':
          return c.cells.some((cell, i) => grid[cell] !== grid[c.cells[c.cells.length - 1 - i]!]);
        case 'between': {
          const [a, b] = [grid[c.cells[0]!]!, grid[c.cells[c.cells.length - 1]!]!].sort((x, y) => x - y);
          return c.cells.slice(1, -1).some((x) => !(grid[x]! > a! && grid[x]! < b!));
        }
        default:
          return false; // the global rules are left to the solver's own checks
      }
    })();
    if (bad) return JSON.stringify(c).slice(0, 120);
  }
  return undefined;
}

test(`every line of the ISS variant files reads, with the size, constraints and regions its items and its f-puzzles twin say (${FULL_COPY ? 'whole files' : 'vendored samples'})`, () => {
  const lines = readVariants();
  const perFile = new Map<string, number>();
  let solved = 0;
  for (const entry of lines) {
    const where = `${entry.file}:${entry.line} (${entry.name})`;
    const r = parseIssText(entry.text);
    if (!r.ok) assert.fail(`${where}: ${r.error.message}`);
    const p = r.puzzle;
    perFile.set(entry.file, (perFile.get(entry.file) ?? 0) + 1);
    assert.equal(p.geometry.size, sideOf(entry.text), `${where}: size`);
    assert.equal(p.geometry.jigsaw, entry.text.includes('.NoBoxes'), `${where}: jigsaw geometry`);
    assert.deepEqual(actualKinds(p), expectedKinds(entry.text), `${where}: constraint kinds and counts`);
    const twin = decodeTwin(entry.twin);
    assert.equal(twin.size, p.geometry.size, `${where}: twin's size`);
    for (const key of Object.keys(twin)) assert.ok(TWIN_KEYS.has(key), `${where}: twin key ${key} is compared here`);
    assert.deepEqual(signatures(p), twinSignatures(twin), `${where}: the same puzzle as its f-puzzles twin`);
    if (entry.solution) {
      assert.equal(broken(p, solutionDigits(entry.solution, p.geometry.size)), undefined, `${where}: the dataset's solution keeps every constraint`);
      solved++;
    }
  }
  for (const [name, n] of Object.entries(EXPECTED_LINES)) assert.equal(perFile.get(`iss-${name}.txt`), n, `iss-${name}.txt read`);
  assert.ok(solved >= (FULL_COPY ? 140 : 15), `solutions checked: ${solved}`);
});

test('parseVariant reads a line of an ISS collection as it is: a TAB ends the text, and the name and solution after it are not read as cells', () => {
  const line = readFileSync(`${VENDORED_DATASETS}variants/iss-displayed-examples.txt`, 'utf8').split('\n')[2]!;
  assert.ok(line.includes('\t'));
  const whole = parseVariant(line);
  if (!whole.ok) assert.fail(whole.error.message);
  const text = parseIssText(line.slice(0, line.indexOf('\t')));
  assert.ok(text.ok);
  assert.deepEqual(whole.puzzle, text.puzzle);
});

test('ISS text: givens, odd and even cells, sizes and cell names', () => {
  const p = mustParse('.~R1C1_5~R9C9_3~R2C3_1_3_5_7_9~R4C4_2_4_6_8');
  assert.equal(p.geometry.size, 9);
  assert.equal(p.givens[0], 5);
  assert.equal(p.givens[80], 3);
  assert.deepEqual(p.constraints, [
    { kind: 'odd', cell: 11 },
    { kind: 'even', cell: 30 },
  ]);
  // on 6x6, odd is 1, 3, 5: the odd digits of the size, not of 9
  const six = mustParse('.Shape~6x6.~R1C1_1_3_5~R6C6_2_4_6~R2C2_4');
  assert.deepEqual([six.geometry.size, six.geometry.boxRows, six.geometry.boxCols], [6, 2, 3]);
  assert.deepEqual(six.constraints, [
    { kind: 'odd', cell: 0 },
    { kind: 'even', cell: 35 },
  ]);
  assert.equal(six.givens[7], 4);
  // 16x16: rows and columns 10-16 are a-g (either case), values are decimal
  const big = mustParse('.Shape~16x16.~RgCg_16~RaC1_10~rbcB_11');
  assert.equal(big.geometry.size, 16);
  assert.equal(big.givens[255], 16);
  assert.equal(big.givens[9 * 16], 10);
  assert.equal(big.givens[10 * 16 + 10], 11);
  // a cell named twice keeps what both allow, as in ISS; a cell allowed every digit is no rule
  assert.equal(mustParse('.~R1C1_1_3_5.~R1C1_5_6').givens[0], 5);
  assert.deepEqual(mustParse('.~R1C1_1_2_3_4_5_6_7_8_9').constraints, []);
  // white space is ignored, as ISS ignores it; empty items are none
  assert.equal(mustParse(' .~R1C1_5 \n .Cage~3~R1C2\t~R1C3 ..').constraints.length, 1);
});

test('ISS text: cages, sums, lines and arrows', () => {
  const p = mustParse(
    '.Cage~10~R1C1~R1C2.Cage~0~R2C1~R2C2.Cage~~R3C1.Thermo~R5C5~R5C6~R5C7.Arrow~R1C5~R2C4~R3C3.Whisper~R7C1~R7C2.Whisper~6~R8C1~R8C2.Renban~R9C1~R9C2.Palindrome~R4C1~R4C2~R4C3.Between~R6C1~R6C2~R6C3',
  );
  assert.deepEqual(p.constraints, [
    { kind: 'killer', cells: [0, 1], sum: 10 },
    { kind: 'killer', cells: [9, 10] },
    { kind: 'killer', cells: [18] },
    { kind: 'thermo', cells: [40, 41, 42] },
    { kind: 'arrow', circle: [4], arrow: [12, 20] },
    { kind: 'whispers', cells: [54, 55], difference: 5 },
    { kind: 'whispers', cells: [63, 64], difference: 6 },
    { kind: 'renban', cells: [72, 73] },
    { kind: 'palindrome', cells: [27, 28, 29] },
    { kind: 'between', cells: [45, 46, 47] },
  ]);
  // Sum: in one row, column or box a killer cage; along a whole diagonal a little killer
  const sums = mustParse('.Sum~7~R1C1~R1C9.Sum~8~R1C1~R9C1.Sum~9~R1C1~R2C2.Sum~23~R1C5~R2C4~R3C3~R4C2~R5C1.Sum~23~R5C1~R4C2~R3C3~R2C4~R1C5');
  const lk = { kind: 'little-killer', clue: 'R0C6', direction: 'DL', cells: [4, 12, 20, 28, 36], sum: 23 };
  assert.deepEqual(sums.constraints, [{ kind: 'killer', cells: [0, 8], sum: 7 }, { kind: 'killer', cells: [0, 72], sum: 8 }, { kind: 'killer', cells: [0, 10], sum: 9 }, lk, lk]);
});

test('ISS text: little killers take the clue cell and direction f-puzzles gives them', () => {
  // the four edges, as the 6x6 dataset puzzle and its f-puzzles twin have them
  const p = mustParse('.LittleKiller~8~R1C4.LittleKiller~9~R3C1.LittleKiller~26~R5C6.LittleKiller~17~R6C2.Shape~6x6');
  const names = (c: Constraint): string => (c.kind === 'little-killer' ? `${c.clue} ${c.direction} ${c.cells.map((x) => rc(x, 6)).join(',')} ${c.sum}` : c.kind);
  assert.deepEqual(p.constraints.map(names), ['R0C5 DL R1C4,R2C3,R3C2,R4C1 8', 'R2C0 DR R3C1,R4C2,R5C3,R6C4 9', 'R6C7 UL R5C6,R4C5,R3C4,R2C3,R1C2 26', 'R7C1 UR R6C2,R5C3,R4C4,R3C5,R2C6 17']);
  // the corners: the main diagonal from R1C1, the anti-diagonal from R1C9
  const corners = mustParse('.LittleKiller~45~R1C1.LittleKiller~45~R1C9');
  assert.deepEqual(
    corners.constraints.map((c) => (c.kind === 'little-killer' ? `${c.clue} ${c.direction} ${c.cells.length}` : '')),
    ['R0C0 DR 9', 'R0C10 DL 9'],
  );
});

test('ISS text: sandwiches, dots, X and V, and the negative rules', () => {
  const p = mustParse('.Sandwich~10~R3.Sandwich~0~C4.WhiteDot~R1C1~R1C2.BlackDot~R2C1~R2C2~R3C2.X~R5C5~R5C6.V~R6C5~R7C5.StrictKropki.StrictXV');
  assert.deepEqual(p.constraints, [
    { kind: 'sandwich', line: 'row', index: 2, sum: 10 },
    { kind: 'sandwich', line: 'column', index: 3, sum: 0 },
    { kind: 'white-dot', cells: [0, 1] },
    { kind: 'black-dot', cells: [9, 10] },
    { kind: 'black-dot', cells: [10, 19] },
    { kind: 'xv', cells: [40, 41], sum: 10 },
    { kind: 'xv', cells: [49, 58], sum: 5 },
    { kind: 'non-consecutive' },
    { kind: 'negative-black' },
    { kind: 'negative-xv' },
  ]);
  // one dot per adjacent pair of a multi-cell item (pairs listed one after another, as ISS writes them)
  const x = mustParse('.X~R1C3~R2C3~R2C1~R3C1~R1C8~R1C9');
  assert.deepEqual(
    x.constraints.map((c) => (c.kind === 'xv' ? [...c.cells].sort((a, b) => a - b) : [])),
    [
      [2, 11],
      [9, 18],
      [7, 8],
    ],
  );
  assert.deepEqual(mustParse('.AntiConsecutive.AntiConsecutive').constraints, [{ kind: 'non-consecutive' }]);
});

test('ISS text: global rules, windoku, jigsaw regions', () => {
  const p = mustParse('.AntiKnight.AntiKing.DisjointSets.Diagonal~1.Diagonal~-1.Windoku');
  assert.deepEqual(p.constraints.slice(0, 5), [
    { kind: 'anti-knight' },
    { kind: 'anti-king' },
    { kind: 'disjoint-groups' },
    { kind: 'diagonal', direction: 'positive' },
    { kind: 'diagonal', direction: 'negative' },
  ]);
  const windows = p.constraints.slice(5).map((c) => (c.kind === 'extra-region' ? c.cells.map((x) => rc(x, 9)).join(',') : c.kind));
  assert.deepEqual(windows, [
    'R2C2,R2C3,R2C4,R3C2,R3C3,R3C4,R4C2,R4C3,R4C4',
    'R2C6,R2C7,R2C8,R3C6,R3C7,R3C8,R4C6,R4C7,R4C8',
    'R6C2,R6C3,R6C4,R7C2,R7C3,R7C4,R8C2,R8C3,R8C4',
    'R6C6,R6C7,R6C8,R7C6,R7C7,R7C8,R8C6,R8C7,R8C8',
  ]);
  assert.equal(mustParse('.Shape~16x16.Windoku').constraints.length, 9);
  // a layout with NoBoxes replaces the boxes; without, its regions are extra regions
  const layout = '000000012345505012345555112345511112344466212334666222334466667388887777888887777';
  const jigsaw = mustParse(`.NoBoxes.Jigsaw~${layout}`);
  assert.equal(jigsaw.geometry.jigsaw, true);
  assert.deepEqual(
    Array.from(jigsaw.geometry.boxOf, (b) => b),
    [...layout].map((ch) => [...new Set(layout)].indexOf(ch)),
  );
  assert.deepEqual(jigsaw.constraints, []);
  const extra = mustParse(`.Jigsaw~${layout}`);
  assert.equal(extra.geometry.jigsaw, false);
  assert.equal(extra.constraints.length, 9);
  assert.ok(extra.constraints.every((c) => c.kind === 'extra-region' && c.cells.length === 9));
});

test('broken ISS text is invalid, and the message names the item and what is wrong', () => {
  mustFail('', 'invalid', 'empty');
  mustFail('   \n', 'invalid', 'empty');
  mustFail('4.....8.5.3..', 'invalid', '"."');
  mustFail('.Cage~10~R1C1.Foo~3', 'invalid', 'item 2', '"Foo"', 'not an ISS constraint type');
  mustFail('.Cage~x~R1C1~R1C2', 'invalid', 'item 1', '"x"', 'sum');
  mustFail('.Thermo~R1C1~R1CZ', 'invalid', '"R1CZ"', 'R1C1 to R9C9');
  mustFail('.Thermo~R1C1~R1Ca', 'invalid', '"R1Ca"', '9x9');
  mustFail('.Shape~16x16.Thermo~R1C1~RhC1', 'invalid', '"RhC1"', 'RgCg');
  mustFail('.~R1C1', 'invalid', 'no value');
  mustFail('.~R1C1_10', 'invalid', '"10"', '1 to 9');
  mustFail('.~R1C1_05', 'invalid', '"05"');
  mustFail('.~R1C1_5~R1C9_5', 'invalid', 'digit 5 twice in row 1');
  mustFail('.~R1C1_1_3.~R1C1_2_4', 'invalid', 'R1C1', 'no value is left');
  mustFail('.Cage~5~R1C1~R1C1', 'invalid', 'R1C1 twice');
  mustFail('.Arrow~R1C1', 'invalid', 'at least 2 cells');
  mustFail('.LittleKiller~10~R5C5', 'invalid', 'R5C5', 'starts no little-killer diagonal');
  mustFail('.LittleKiller~10', 'invalid', 'a sum and a cell');
  mustFail('.Sandwich~10~R10', 'invalid', '"R10"', 'R1 to R9');
  mustFail('.Sandwich~ten~R1', 'invalid', '"ten"');
  mustFail('.WhiteDot~R1C1~R3C3', 'invalid', 'R1C1 has no orthogonal neighbour');
  mustFail('.Diagonal~2', 'invalid', '.Diagonal~1');
  mustFail('.AntiKnight~1', 'invalid', 'no arguments');
  mustFail('.Whisper~0~R1C1~R1C2', 'invalid', 'difference');
  mustFail('.Jigsaw~0011', 'invalid', 'has 4 characters', '81 cells');
  mustFail(`.NoBoxes.Jigsaw~${'0'.repeat(10)}${'1'.repeat(71)}`, 'invalid', 'region "0" has 10 cells');
  mustFail('.Shape~nine', 'invalid', 'shape');
  mustFail('.Shape~6x6.Shape~9x9', 'invalid', 'second Shape');
  // what the kinds refuse, as f-puzzles' reader refuses it: a sum no digits reach
  mustFail('.Thermo~R1C1~R1C2.Cage~99~R1C1~R1C2~R1C3~R2C1', 'invalid', 'item 2', 'killer cage', 'no 4 different digits 1-9 add up to 99');
  mustFail('.Cage~1~R1C1~R1C2', 'invalid', 'item 1', 'add up to 1');
  mustFail('.LittleKiller~99~R1C5', 'invalid', 'item 1', 'cannot add up to 99');
  mustFail('.Sandwich~99~R3', 'invalid', 'item 1', 'the sum 99 is not 0 to 35');
  // never throws, whatever it is given
  for (const value of [null, undefined, 5, {}, []]) assert.equal(parseIssText(value as unknown as string).ok, false);
});

test('ISS text sudokit cannot express is unsupported, and the message names it', () => {
  const message = mustFail('.Skyscraper~3~R1.Cage~5~R1C1~R1C2.Skyscraper~2~C1.XSum~12~R2.Skyscraper~1~R2', 'unsupported');
  assert.equal(message, "unsupported: 'Skyscraper' (3 clues), 'XSum' (1 clue)");
  mustFail('.~R1C1_1_2_5', 'unsupported', 'pencilmark givens', 'R1C1 limited to 1_2_5');
  mustFail('.Sum~10~R1C1~R5C5', 'unsupported', "'Sum'", 'item 1');
  mustFail('.Sum~10_=_1_2~R1C1~R1C2', 'unsupported', 'coefficients');
  mustFail('.Sum~10~R1C1~R1C1', 'unsupported', 'weighted');
  mustFail('.Shape~6x8', 'unsupported', '6x8');
  mustFail('.Shape~9x9~0-8', 'unsupported', '0-8');
  mustFail('.Shape~7x7', 'unsupported', '7x7', 'without boxes');
  mustFail('.Shape~25x25', 'unsupported', '25x25');
  mustFail('.NoBoxes', 'unsupported', "'NoBoxes' without a 'Jigsaw'");
  mustFail('.AntiConsecutive.BlackDot~R1C1~R1C2', 'unsupported', "'AntiConsecutive' with kropki dots");
  mustFail('.Or.Cage~5~R1C1~R1C2.End', 'unsupported', "'Or' (1 clue)", "'End' (1 clue)");
});
