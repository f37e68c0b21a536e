/**
 * The variant solver's entry: compile a variant puzzle's geometry, givens and constraints into
 * one model, then search it. Same options and result shape as every engine (`limit`,
 * `timeLimitMs`, `onSolution`; `count`, `solution`, `timedOut`, `stats`).
 */
import { compileConstraint } from '../../constraints/index.js';
import { deadlineAfter } from '../../deadline.js';
import type { Engine, SolveOptions, SolveResult } from '../../engine.js';
import type { Puzzle } from '../../puzzle.js';
import { constraintsOf } from '../puzzle.js';
import { Compiler } from './compile.js';
import { searchVariant } from './search.js';
import { VariantState } from './state.js';

export function solveVariant(puzzle: Puzzle, options: SolveOptions = {}): SolveResult {
  const started = performance.now();
  const deadline = deadlineAfter(options.timeLimitMs, started);
  const g = puzzle.geometry;
  const compiler = new Compiler(g);
  for (let cell = 0; cell < g.cellCount; cell++) {
    const d = puzzle.givens[cell]!;
    if (d !== 0) compiler.give(cell, d);
  }
  const constraints = constraintsOf(puzzle);
  for (const c of constraints) compileConstraint(c, g, compiler, constraints);
  const micros = () => Math.round((performance.now() - started) * 1000);
  const model = compiler.build();
  if (compiler.impossible || model.initial.includes(0)) return { count: 0, timedOut: false, stats: { nodes: 1, guesses: 0, micros: micros() } };
  const state = new VariantState(model);
  state.queueAll();
  const limit = options.limit ?? 1;
  const found = searchVariant(state, { limit, deadline, ...(options.onSolution ? { onSolution: options.onSolution } : {}) });
  return {
    count: found.count,
    ...(found.solution ? { solution: found.solution } : {}),
    timedOut: found.timedOut,
    stats: { nodes: found.nodes, guesses: found.guesses, micros: micros() },
  };
}

/** The variant solver in the engine shape, for the batch's variant records (`solve` calls solveVariant itself). */
export const variantEngine: Engine = {
  id: 'variant',
  description: 'the variant solver: candidate masks, the constraint kinds of src/constraints, innie and outie sums',
  supports: (g) => g.size <= 16,
  solve: (puzzle, options) => solveVariant(puzzle, options),
};
