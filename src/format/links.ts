/**
 * f-puzzles links: finding the f-puzzles JSON in whatever a user pastes, and making the links.
 *
 * f-puzzles (f-puzzles.com) shares a puzzle as its JSON compressed with lz-string's
 * `compressToBase64`, put after `?load=` in its address; SudokuPad (sudokupad.app, once
 * app.crackingthecryptic.com) opens the same string behind an `fpuzzles` (or `fpuz`) prefix in its
 * puzzle id. `extractFpuzzlesJson` accepts:
 * - the JSON itself (text starting with `{`);
 * - an f-puzzles link anywhere in the text: `https://www.f-puzzles.com/?load=…`, with or without
 *   `https://` and `www.`;
 * - a SudokuPad link carrying f-puzzles data anywhere in the text, in the forms SudokuPad's own
 *   loader reads: `https://sudokupad.app/fpuzzles…`, `…/sudoku/fpuzzles…`,
 *   `…/sudoku.html?puzzleid=fpuzzles…` (or `?puzzle=`), any subdomain (beta.sudokupad.app),
 *   `https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles…`, `sudokupad://puzzle/fpuzzles…`,
 *   and the shorter prefix `fpuz`;
 * - the bare `?load=` string, alone or after `fpuzzles`.
 * The string may be percent-encoded (%2B, %2F, %3D), and a `+` that a form decoder turned into a
 * space is read as `+` again. Refused, with a message naming the step that failed: text that is
 * none of these; SudokuPad links to its own format (`scl…`, `ctc…`, `scf…`) or to a short id
 * (`sudokupad.app/abc123`, whose puzzle is on SudokuPad's server, not in the link); f-puzzles short
 * links (`?id=`, a tinyurl redirect); a string lz-string cannot decompress; decompressed text
 * that is not JSON; JSON that is not an object with `size` and `grid`.
 *
 * `looksLikeVariantText` tells, cheaply and without decoding, a line meant for these readers (or
 * for ISS text, iss.ts) from a classic puzzle line, so that input can be routed before parsing.
 */
import lzString from 'lz-string';
import { DIGIT_ALPHABET } from '../geometry.js';
import { startsWithIssItem } from './iss.js';
import { excerpt, MAX_PUZZLE_CHARS } from './parse.js';
import type { VariantParseError } from './variantResult.js';

export type FpuzzlesJsonResult = { readonly ok: true; readonly json: Record<string, unknown> } | { readonly ok: false; readonly error: VariantParseError };

/** Where f-puzzles opens a `?load=` string. */
export const FPUZZLES_LOAD_URL = 'https://www.f-puzzles.com/?load=';

/** A failure of one step, carried to `extractFpuzzlesJson` which turns it into a result. */
class LinkProblem {
  constructor(readonly message: string) {}
}

function fail(message: string): never {
  throw new LinkProblem(`Not an f-puzzles puzzle: ${message}`);
}

/**
 * The f-puzzles JSON that `text` holds, carries or links to (see the header for the forms).
 * Never throws: every failure is an 'invalid' error saying which step failed.
 */
export function extractFpuzzlesJson(text: string): FpuzzlesJsonResult {
  try {
    return { ok: true, json: findJson(text) };
  } catch (e) {
    if (e instanceof LinkProblem) return { ok: false, error: { code: 'invalid', message: e.message } };
    throw e;
  }
}

/** The `?load=` string of an f-puzzles JSON object: lz-string's compressToBase64 of its JSON text. */
export function fpuzzlesLoadString(json: Record<string, unknown>): string {
  return lzString.compressToBase64(JSON.stringify(json));
}

/**
 * The f-puzzles link that opens `json`. The string goes in as compressToBase64 writes it: its
 * `+`, `/` and `=` are characters a URL's query may hold as they are (RFC 3986), and they are how
 * f-puzzles' own links and SudokuPad's "open in f-puzzles" carry them. (Percent-encoding them
 * would survive form decoders that read `+` as a space, but f-puzzles is not known to decode it;
 * `extractFpuzzlesJson` reads both.)
 */
export function fpuzzlesUrl(json: Record<string, unknown>): string {
  return FPUZZLES_LOAD_URL + fpuzzlesLoadString(json);
}

const FPUZZLES_LINK = /(?:https?:\/\/)?(?:www\.)?f-puzzles\.com(?:[/?#]\S*)?/i;
const SUDOKUPAD_LINK = /(?:https?:\/\/)?(?:[a-z0-9-]+\.)*(?:sudokupad\.app|crackingthecryptic\.com)(?:[/?#]\S*)?|sudokupad:\/\/puzzle\/\S*/i;

function findJson(text: string): Record<string, unknown> {
  if (typeof text !== 'string') fail(`expected text, got ${text === null ? 'null' : typeof text}`);
  if (text.length > MAX_PUZZLE_CHARS) fail(`the text is longer than ${MAX_PUZZLE_CHARS.toLocaleString('en-US')} characters`);
  const s = text.replace(/^\uFEFF/, '').trim();
  if (s === '') fail('the input is empty');
  if (s[0] === '{') return objectOf(s, 'the text');
  const fpuzzles = FPUZZLES_LINK.exec(s);
  if (fpuzzles) return fromFpuzzlesLink(s, fpuzzles);
  const sudokuPad = SUDOKUPAD_LINK.exec(s);
  if (sudokuPad) return fromSudokuPadLink(s, sudokuPad);
  return fromBareString(s);
}

function fromFpuzzlesLink(s: string, found: RegExpExecArray): Record<string, unknown> {
  const link = found[0];
  const load = /[?&]load=/.exec(link);
  if (load) {
    const readings = loadStringAt(s, found.index + load.index + load[0].length);
    if (readings[0] === '') fail(`the f-puzzles link ${excerpt(link, 60)} has an empty ?load=`);
    return firstThatDecodes(readings, "the f-puzzles link's ?load= string");
  }
  if (/[?&]id=/.test(link)) fail(`${excerpt(link, 60)} is an f-puzzles short link (?id=): its puzzle is behind a tinyurl redirect, not in the link; open it and copy the long ?load= link`);
  fail(`the f-puzzles link ${excerpt(link, 60)} carries no puzzle (no ?load=)`);
}

function fromSudokuPadLink(s: string, found: RegExpExecArray): Record<string, unknown> {
  const link = found[0];
  // The puzzle id: after sudokupad://puzzle/, in a puzzleid (or puzzle) parameter, or the path after an optional sudoku/ or sudoku.html.
  const app = /^sudokupad:\/\/puzzle\//i.exec(link);
  const param = /[?&]puzzle(?:id)?=/i.exec(link);
  const host = /^(?:https?:\/\/)?[^/?#\s]+\/?(?:sudoku(?:\.html)?(?:\/|(?=[?#]|$)))?/i.exec(link)!;
  const idAt = found.index + (app ? app[0].length : param ? param.index + param[0].length : host[0].length);
  const id = /^[^?#&\s]*/.exec(s.slice(idAt))![0];
  const prefix = /^fpuz(?:zles)?/i.exec(id);
  if (prefix) return firstThatDecodes(loadStringAt(s, idAt + prefix[0].length), `the SudokuPad link's puzzle id (after ${prefix[0]})`);
  if (id === '') fail(`the SudokuPad link ${excerpt(link, 60)} names no puzzle`);
  const own = /^(scl|ctc|scf)/i.exec(id);
  if (own) fail(`the SudokuPad link ${excerpt(link, 60)} holds SudokuPad's own format (${own[1]}…), not f-puzzles data; in SudokuPad, open the puzzle in f-puzzles and copy that link`);
  fail(`the SudokuPad link ${excerpt(link, 60)} is a short id (${excerpt(id, 30)}): its puzzle is on SudokuPad's server, not in the link`);
}

/**
 * The load string that starts at `from` in `s` (base64 characters and %-escapes), as read two
 * ways when words follow it after spaces: each space a `+` (a form decoder makes a `+` a
 * space), then the first word alone (a sentence, or a dataset line's solution, goes on after it).
 */
function loadStringAt(s: string, from: number): string[] {
  const spaced = /^[A-Za-z0-9+/=%]*(?: +[A-Za-z0-9+/=%]+)*/.exec(s.slice(from))![0];
  const first = spaced.split(' ', 1)[0]!;
  return spaced === first ? [first] : [spaced, first];
}

function fromBareString(s: string): Record<string, unknown> {
  // The query part of a link, copied with its key (`?load=N4Ig…`), is the string after the key.
  const prefix = /^fpuz(?:zles)?(?=[A-Za-z0-9+/=%])|^[?&]?load=/i.exec(s);
  const body = prefix ? s.slice(prefix[0].length) : s;
  if (!/^[A-Za-z0-9+/=%\s]+$/.test(body)) {
    fail(`expected f-puzzles JSON, an f-puzzles or SudokuPad link, or an f-puzzles ?load= string; got ${excerpt(s, 60)}`);
  }
  const first = body.split(/\s+/, 1)[0]!;
  const joined = body.replace(/ /g, '+').replace(/\s+/g, '');
  return firstThatDecodes(joined === first ? [first] : [joined, first], prefix ? `the string after ${prefix[0]}` : 'the ?load= string');
}

/** The JSON of the first reading that decodes; when none does, the first reading's problem. */
function firstThatDecodes(readings: readonly string[], what: string): Record<string, unknown> {
  let problem: LinkProblem | undefined;
  for (const reading of readings) {
    try {
      return fromLoadString(reading, what);
    } catch (e) {
      if (!(e instanceof LinkProblem)) throw e;
      problem ??= e;
    }
  }
  throw problem;
}

/** The JSON object a `?load=` string (percent-encoded or not) decompresses to. */
function fromLoadString(raw: string, what: string): Record<string, unknown> {
  let s = raw;
  if (s.includes('%')) {
    try {
      s = decodeURIComponent(s);
    } catch {
      fail(`${what} has a broken %-escape: ${excerpt(raw, 60)}`);
    }
  }
  s = s.replace(/ /g, '+');
  const stray = /[^A-Za-z0-9+/=]/.exec(s);
  if (stray) fail(`${what} is not LZ-String data: ${JSON.stringify(stray[0])} at position ${stray.index + 1} is no base64 character (${excerpt(s, 60)})`);
  let decompressed: string | null;
  try {
    decompressed = lzString.decompressFromBase64(s);
  } catch {
    decompressed = null;
  }
  if (!decompressed) fail(`${what} is not LZ-String data: decompressFromBase64 gives nothing for ${excerpt(s, 60)}`);
  return objectOf(decompressed, `the text ${what} decompresses to`);
}

function objectOf(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    fail(`${what} is not JSON (${(e as Error).message}): ${excerpt(text, 60)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(`${what} is JSON but not an object (${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}); f-puzzles writes { "size": …, "grid": … }`);
  }
  const json = value as Record<string, unknown>;
  const missing = [typeof json.size === 'number' ? '' : 'a number "size"', Array.isArray(json.grid) ? '' : 'an array "grid"'].filter(Boolean);
  if (missing.length > 0) fail(`${what} is a JSON object without ${missing.join(' and ')}, so no f-puzzles puzzle (keys: ${Object.keys(json).slice(0, 8).join(', ') || 'none'})`);
  return json;
}

/** The cells of the smallest board (4×4): a first word shorter than this is no puzzle. */
const MIN_CELLS = 16;

/** Characters of a classic puzzle line: the digits of every size, and `.` or `0` for an empty cell. */
const CLASSIC_CHARS = new Set(`.0${DIGIT_ALPHABET}`);
const ANY_LINK = /(?:^|[\s/.])(?:f-puzzles\.com|sudokupad\.app|crackingthecryptic\.com)(?:[/?#\s]|$)|sudokupad:\/\//i;
const BARE_LOAD_STRING = /^(?:fpuz(?:zles)?|[?&]?load=)?[A-Za-z0-9+/=%]{32,}$/;

/**
 * Whether a line is for the variant readers (an f-puzzles or SudokuPad link anywhere in it, an
 * f-puzzles `?load=` string, f-puzzles JSON, or ISS text: a dot, then a known ISS item) rather
 * than a classic puzzle. Cheap: no decoding. A line whose first word is only digits, `.` and `0`
 * stays classic, notes and all, even where it starts with a dot as ISS text does, unless that
 * word is too short to be a board and a link follows it (`1. https://f-puzzles.com/?load=…`).
 */
export function looksLikeVariantText(text: string): boolean {
  if (typeof text !== 'string') return false;
  // A classic line (every character of its first word a digit, '.' or '0') is answered before
  // any copy or regular expression: this runs on every record of a batch.
  let start = 0;
  while (start < text.length && (text.charCodeAt(start) === 0xfeff || /\s/.test(text[start]!))) start++;
  if (start === text.length) return false;
  if (text[start] === '{') return true;
  let end = start;
  while (end < text.length && CLASSIC_CHARS.has(text[end]!)) end++;
  if (end === text.length) return false;
  if (/\s/.test(text[end]!)) {
    // A first word too short for any board (`1.`, `Link`, `Puzzle`) before a link: the link is the puzzle.
    return end - start < MIN_CELLS && ANY_LINK.test(text.slice(end));
  }
  const s = text.slice(start);
  const first = /^\S*/.exec(s)![0];
  return ANY_LINK.test(s) || startsWithIssItem(s) || BARE_LOAD_STRING.test(first);
}
