/**
 * The constraint kinds: one definition per kind and one f-puzzles codec per file, and the
 * functions that dispatch on a constraint's kind. A new kind is a file beside this one, listed
 * here (the `KINDS` record's type makes the list complete).
 */
import type { Geometry } from '../geometry.js';
import type { ModelBuilder } from '../variant/model.js';
import { antiKing, antiKingCodec } from './antiKing.js';
import { antiKnight, antiKnightCodec } from './antiKnight.js';
import { arrow, arrowCodec } from './arrow.js';
import { between, betweenCodec } from './between.js';
import { diagonal, diagonalCodec } from './diagonal.js';
import { disjointGroups, disjointGroupsCodec } from './disjointGroups.js';
import { extraRegion, extraRegionCodec } from './extraRegion.js';
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { killer, killerCodec } from './killer.js';
import { blackDot, kropkiCodec, negativeBlack, whiteDot } from './kropki.js';
import { littleKiller, littleKillerCodec } from './littleKiller.js';
import { nonConsecutive, nonConsecutiveCodec } from './nonConsecutive.js';
import { palindrome, palindromeCodec } from './palindrome.js';
import { even, odd, parityCodec } from './parity.js';
import { renban, renbanCodec } from './renban.js';
import { sandwich, sandwichCodec } from './sandwich.js';
import { slowThermo, thermo, thermoCodec } from './thermo.js';
import type { Constraint, ConstraintKindName } from './types.js';
import { whispers, whispersCodec } from './whispers.js';
import { negativeXv, xv, xvCodec } from './xv.js';

export const KINDS: { readonly [K in ConstraintKindName]: KindDefinition<K> } = {
  killer,
  arrow,
  thermo,
  'slow-thermo': slowThermo,
  'little-killer': littleKiller,
  sandwich,
  'white-dot': whiteDot,
  'black-dot': blackDot,
  xv,
  'negative-black': negativeBlack,
  'negative-xv': negativeXv,
  'non-consecutive': nonConsecutive,
  odd,
  even,
  'anti-knight': antiKnight,
  'anti-king': antiKing,
  diagonal,
  'extra-region': extraRegion,
  'disjoint-groups': disjointGroups,
  palindrome,
  renban,
  whispers,
  between,
};

/** Every kind's name, in the order above. */
export const KIND_NAMES = Object.keys(KINDS) as ConstraintKindName[];

/** The f-puzzles codecs, one per kind file. */
export const FPUZZLES_CODECS: readonly FpuzzlesCodec[] = [
  killerCodec,
  arrowCodec,
  thermoCodec,
  littleKillerCodec,
  sandwichCodec,
  kropkiCodec,
  xvCodec,
  nonConsecutiveCodec,
  parityCodec,
  antiKnightCodec,
  antiKingCodec,
  diagonalCodec,
  extraRegionCodec,
  disjointGroupsCodec,
  palindromeCodec,
  renbanCodec,
  whispersCodec,
  betweenCodec,
];

function definition(c: Constraint): KindDefinition {
  const def = (KINDS as Record<string, KindDefinition>)[c.kind];
  if (!def) throw new Error(`unknown constraint kind ${JSON.stringify(c.kind)}`);
  return def;
}

/** Why `c` cannot be on a board of geometry `g`, or undefined (an unknown kind is a reason too). */
export function validateConstraint(c: Constraint, g: Geometry): string | undefined {
  if (typeof c !== 'object' || c === null || !Object.hasOwn(KINDS, (c as { kind?: unknown }).kind as string)) {
    return `unknown constraint kind ${JSON.stringify((c as { kind?: unknown } | null)?.kind)}; expected one of ${KIND_NAMES.join(', ')}`;
  }
  return definition(c).validate(c as never, g);
}

/** Whether the full grid satisfies `c` (independent of the solver). */
export function checkConstraint(c: Constraint, grid: ArrayLike<number>, g: Geometry, all: readonly Constraint[]): boolean {
  return definition(c).check(c as never, grid, g, all);
}

/** Tell the solver's builder what `c` means. */
export function compileConstraint(c: Constraint, g: Geometry, b: ModelBuilder, all: readonly Constraint[]): void {
  definition(c).compile(c as never, g, b, all);
}

/** The label a player knows the kind by. */
export function kindLabel(kind: ConstraintKindName): string {
  return KINDS[kind].label;
}

/** The cells a constraint lies on (none for a global rule). */
export function constraintCells(c: Constraint, g: Geometry): readonly number[] {
  return definition(c).cells(c as never, g);
}

export type { Constraint, ConstraintKindName, ConstraintOf, DiagonalDirection } from './types.js';
export type { FpuzzlesCodec, FpuzzlesJson, FpuzzlesReader, KindDefinition } from './kind.js';
