/**
 * The step panel, drawn from state like the board: what Hint answered (a step, with Apply, or the
 * entries to fix first, or why there is no hint), or the explanation's current step with Back,
 * Next and the list of every step. What Hint said about an earlier board is not shown.
 */
import { ui } from './dom.js';
import { game, state } from './state.js';
import { effectsText, stepTitle } from './words.js';

/** On a phone the panel is a bottom sheet (style.css): the width below which it is one. */
const SHEET = '(max-width: 52rem)';
/** What the panel showed last: an explanation, or what Hint said. */
let shown = '';

/** Draw the step panel from state. */
export function renderStepPanel(): void {
  const { tour, hint } = state;
  const said = state.hintSaid?.revision === game.revision ? state.hintSaid.text : '';
  const showing = tour ? 'tour' : said;
  const opening = showing !== '' && showing !== shown;
  shown = showing;
  ui.stepPanel.hidden = !tour && !said;
  // The sheet covers the lower part of the screen: when it opens or the hint says more, bring the
  // whole board above it, so the step and the board it speaks about are in view together.
  if (opening && window.matchMedia(SHEET).matches) ui.board.scrollIntoView({ block: 'start' });
  ui.hintText.hidden = tour !== undefined || !said;
  if (ui.hintText.textContent !== said) ui.hintText.textContent = said;
  ui.stepApply.hidden = tour !== undefined || !hint?.step || state.hintLevel < 3;
  ui.stepMore.hidden = tour !== undefined || !hint?.step || state.hintLevel >= 3;
  ui.stepBack.hidden = !tour;
  ui.stepNext.hidden = !tour;
  if (tour) {
    const n = tour.steps.length;
    const step = tour.steps[tour.index];
    ui.stepTitle.textContent = step ? `Step ${tour.index + 1} of ${n}: ${stepTitle(step)}` : `After all ${n} steps`;
    ui.stepText.hidden = false;
    ui.stepText.textContent = step ? step.text : tour.note;
    ui.stepBack.disabled = tour.index === 0;
    ui.stepNext.disabled = tour.index >= n;
    // The list marks (and scrolls to) the current step once: drawing again does not scroll.
    const item = ui.stepList.children[tour.index];
    if (item && item.getAttribute('aria-current') !== 'step') {
      ui.stepList.querySelector('[aria-current]')?.removeAttribute('aria-current');
      item.setAttribute('aria-current', 'step');
      item.scrollIntoView({ block: 'nearest' });
    }
    return;
  }
  if (ui.stepList.childElementCount) ui.stepList.replaceChildren();
  const step = hint?.step;
  ui.stepTitle.textContent = step ? `Hint: ${stepTitle(step)}` : 'Hint';
  ui.stepText.hidden = !step;
  ui.stepText.textContent = !step
    ? ''
    : state.hintLevel < 3
      ? `Hint ${state.hintLevel} of 3: Show more (or Hint again) gives away more.`
      : `Apply puts ${effectsText(game.geometry, step)} on your board.`;
}
