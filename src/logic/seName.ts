/**
 * Sukaku Explainer's name for a step: what SE's hint for the same deduction calls itself (the
 * `getName()` of its hint class), so a player can look a step up in SE, or compare our path with
 * SE's. Our steps use the names players use (`Full House`, `XY-Chain`, `Nested Contradiction
 * Forcing Chain`); SE's differ in places and carry details of the pattern (`Skyscraper 011`,
 * `WXYZ-Wing 248`, `Dynamic Contradiction Forcing Chains (+)`).
 *
 * Every name below is read from SE's source (github.com/SudokuMonster/SukakuExplainer, under
 * diuf/sudoku/solver/rules/); the file that holds each is named beside it. Where SE's name
 * depends on the pattern, the detail comes from the step itself: its links, cells, candidates and
 * eliminations, or `strongLinks` for the strong-link fishes.
 *
 * A guess has no SE name, nor do the library's techniques SE has no rule for (Simple Colouring,
 * finned fish, W-Wing, ALS-XZ, and the single-digit patterns of singleDigit.ts, which are not in
 * `TECHNIQUES`): for those the answer is undefined.
 */
import type { Step, StrongLinkKind } from './step.js';

/** Names SE spells differently but without detail: ours → SE's. */
const SAME_PATTERN: Readonly<Record<string, string>> = {
  // HiddenSingleHint.java: the last empty cell of a unit (rated 1.0) is a Hidden Single too.
  'Full House': 'Hidden Single',
  'Hidden Single': 'Hidden Single',
  // NakedSingleHint.java
  'Naked Single': 'Naked Single',
  // DirectLockingHint.java
  'Direct Pointing': 'Direct Pointing',
  'Direct Claiming': 'Direct Claiming',
  // LockingHint.java (pointing, claiming and the basic fish)
  Pointing: 'Pointing',
  Claiming: 'Claiming',
  'X-Wing': 'X-Wing',
  Swordfish: 'Swordfish',
  Jellyfish: 'Jellyfish',
  // DirectHiddenSetHint.java, HiddenSetHint.java, NakedSetHint.java: "Pair", "Triplet", "Quad"
  'Direct Hidden Pair': 'Direct Hidden Pair',
  'Direct Hidden Triple': 'Direct Hidden Triplet',
  'Naked Pair': 'Naked Pair',
  'Naked Triple': 'Naked Triplet',
  'Naked Quad': 'Naked Quad',
  'Hidden Pair': 'Hidden Pair',
  'Hidden Triple': 'Hidden Triplet',
  'Hidden Quad': 'Hidden Quad',
  // XYWingHint.java
  'XY-Wing': 'XY-Wing',
  'XYZ-Wing': 'XYZ-Wing',
  // unique/Bug1Hint.java, Bug2Hint.java, Bug3Hint.java (type 4 below)
  'BUG+1': 'BUG type 1',
  'BUG Type 2': 'BUG type 2',
  'BUG Type 3': 'BUG type 3',
  // unique/Bug4Hint.java
  'BUG Type 4': 'BUG type 4',
  // AlignedExclusionHint.java
  'Aligned Pair Exclusion': 'Aligned Pair Exclusion',
  'Aligned Triplet Exclusion': 'Aligned Triplet Exclusion',
  // chaining/CycleHint.java: a loop of Y links only, and of both kinds
  'XY-Cycle': 'Bidirectional Y-Cycle',
  'Nice Loop': 'Bidirectional Cycle',
  // chaining/ForcingChainHint.java: SE looks for open chains only with both kinds of links (a
  // chain of Y links alone cannot end as a forcing chain), so an XY-Chain is a Forcing Chain.
  'XY-Chain': 'Forcing Chain',
  AIC: 'Forcing Chain',
  // chaining/BinaryChainingHint.java with the Nishio rule: prefix "Nishio ", "Forcing", " Chains"
  'Nishio Forcing Chain': 'Nishio Forcing Chains',
};

/** Our forcing chains: a tier's prefix and a conclusion's kind (forcing/explain.ts). */
const FORCING = /^(Dynamic\+ |Dynamic |Nested |)(Contradiction|Double|Cell|Unit) Forcing Chain$/;

/**
 * ChainingHint.getNamePrefix / getNameSuffix and Chaining.getNestedSuffix: a rule with dynamic
 * chains, or nesting (level ≥ 1), says "Dynamic "; the name ends " Chains", then the level's suffix:
 * level 1 (locked candidates inside the chains, 9.0) " (+)", level 4 (chains nesting dynamic
 * forcing chains, 10.5, as our nested tier rates) " (+ Dynamic Forcing Chains)".
 */
const FORCING_TIERS: Readonly<Record<string, { prefix: string; suffix: string }>> = {
  '': { prefix: '', suffix: ' Chains' },
  'Dynamic ': { prefix: 'Dynamic ', suffix: ' Chains' },
  'Dynamic+ ': { prefix: 'Dynamic ', suffix: ' Chains (+)' },
  'Nested ': { prefix: 'Dynamic ', suffix: ' Chains (+ Dynamic Forcing Chains)' },
};

/** BinaryChainingHint, CellChainingHint, RegionChainingHint: the conclusion's part of the name. */
const FORCING_KINDS: Readonly<Record<string, string>> = {
  Contradiction: 'Contradiction Forcing',
  Double: 'Double Forcing',
  Cell: 'Cell Forcing',
  Unit: 'Region Forcing',
};

/** The strong-link fishes our strongLinks.ts names (two links and more, grouped or not). */
const STRONG_LINKS = /^(Grouped )?(Skyscraper|2-String Kite|Turbot Fish|Empty Rectangle|\d Skyscrapers|3-String Kite|\d Strong Links)$/;

/**
 * SE's name for the deduction of a step, or undefined for a guess, for a technique SE has no rule
 * for, and for a step without the detail its SE name needs (a strong-link fish without
 * `strongLinks`).
 */
export function seTechniqueName(step: Step): string | undefined {
  const name = step.technique;
  const same = SAME_PATTERN[name];
  if (same !== undefined) return same;
  const forcing = FORCING.exec(name);
  if (forcing) {
    const tier = FORCING_TIERS[forcing[1]!]!;
    return `${tier.prefix}${FORCING_KINDS[forcing[2]!]!}${tier.suffix}`;
  }
  const ur = /^Unique Rectangle Type (\d)$/.exec(name);
  if (ur) return `Unique Rectangle type ${ur[1]}`;
  const loop = /^Unique Loop Type (\d)$/.exec(name);
  // unique/UniqueLoopHint.java: "Unique Loop type N", with the loop's size when above six cells.
  if (loop) return step.cells.length > 6 ? `Unique Loop ${step.cells.length} type ${loop[1]}` : `Unique Loop type ${loop[1]}`;
  if (name === 'WXYZ-Wing' || name === 'VWXYZ-Wing') return `${name} ${wingSuffix(step)}`;
  if (name === 'X-Chain') return xChainName(step);
  // chaining/CycleHint.java: a cycle of X links through four cells is a Generalized X-Wing.
  if (name === 'X-Cycle') return step.cells.length === 4 ? 'Generalized X-Wing' : 'Bidirectional X-Cycle';
  if (STRONG_LINKS.test(name)) return step.strongLinks ? strongLinksName(step.strongLinks) : undefined;
  return undefined;
}

/**
 * chaining/ForcingChainHint.java: an open chain of X links is a Forcing X-Chain, or a Turbot Fish
 * when six candidates make its implication chain. That chain holds the target on and off around
 * the nodes for an elimination, and the start off … on (both among the nodes) for a placement.
 */
function xChainName(step: Step): string {
  const chain = step.placements.length > 0 ? step.candidates.length : step.candidates.length + 2;
  return chain === 6 ? 'Turbot Fish' : 'Forcing X-Chain';
}

/**
 * WXYZWingHint.java / VWXYZWingHint.java name a wing by a suffix: 2 when doubly linked (else 1),
 * the most candidates of one cell of the set, and the candidates of the set in all. The step's
 * cells are the set then the bivalue cell; its candidates are every cell's. WXYZWing.java and
 * VWXYZWing.java count a doubly linked wing as singly linked unless it removes a digit other than
 * the two of the bivalue cell, or both of them.
 */
function wingSuffix(step: Step): string {
  const pivot = step.cells[step.cells.length - 1];
  const set = step.cells.slice(0, -1);
  const counts = set.map((cell) => step.candidates.filter((c) => c.cell === cell).length);
  const pivotDigits = new Set(step.candidates.filter((c) => c.cell === pivot).map((c) => c.digit));
  const removed = new Set(step.eliminations.map((e) => e.digit));
  const double = [...removed].some((d) => !pivotDigits.has(d)) || [...pivotDigits].every((d) => removed.has(d));
  return `${double ? 2 : 1}${Math.max(...counts)}${counts.reduce((a, b) => a + b, 0)}`;
}

/** SE's number for a unit kind in StrongLinks.java: box 0, row 1, column 2. */
const KIND_DIGIT = { box: '0', row: '1', column: '2' } as const;

/**
 * StrongLinksHint.getName: the suffix is the number of grouped links, then the links' unit kinds
 * in chain order (read from the end that gives the smaller string), written so that mirror
 * images read alike: rows and columns may swap (and the chain reverse with them), and the
 * smallest reading is kept; with no row at all, columns read as rows. With no box and one kind of
 * line the chain is a Skyscraper (N Skyscrapers); with a box, or more than three links, "N Strong
 * links"; else a "N-String Kite". Any grouped link adds "Grouped " in front.
 */
function strongLinksName(links: readonly StrongLinkKind[]): string {
  const forward = links.map((l) => KIND_DIGIT[l.kind]).join('');
  const backward = [...forward].reverse().join('');
  const kinds = forward <= backward ? forward : backward;
  const swapped = [...kinds].map((d) => (d === '1' ? '2' : d === '2' ? '1' : d)).join('');
  const swappedBack = [...swapped].reverse().join('');
  const lines = kinds.includes('1') ? [kinds, swapped, swappedBack].reduce((a, b) => (b < a ? b : a)) : kinds.replaceAll('2', '1');
  const grouped = links.filter((l) => l.grouped).length;
  const count = links.length;
  let name: string;
  if (!lines.includes('0') && !lines.includes('2')) name = count < 3 ? 'Skyscraper' : `${count} Skyscrapers`;
  else if (lines.includes('0') || count > 3) name = `${count} Strong links`;
  else name = `${count}-String Kite`;
  return `${grouped > 0 ? 'Grouped ' : ''}${name} ${grouped}${lines}`;
}
