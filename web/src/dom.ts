/**
 * The page's elements, looked up once by id: the page's frame is written in index.html (the
 * board's cells and digit pad are built by view.ts), and every other file reaches it through `ui`.
 */

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

export const ui = {
  board: byId('board'),
  pad: byId('pad'),
  conflicts: byId('conflicts'),
  timer: byId('timer'),
  finish: byId('finish'),
  finishFacts: byId('finish-facts'),
  pause: byId<HTMLButtonElement>('pause'),
  paused: byId('paused'),
  resume: byId<HTMLButtonElement>('resume'),
  controls: byId('controls'),
  mistakeCount: byId('mistake-count'),
  mistakeLimit: byId<HTMLSelectElement>('mistake-limit'),
  gameOver: byId('game-over'),
  gameOverText: byId('game-over-text'),
  tryAgain: byId<HTMLButtonElement>('try-again'),
  newPuzzle: byId<HTMLButtonElement>('new-puzzle'),
  mistakes: byId<HTMLButtonElement>('mistakes'),
  daily: byId<HTMLButtonElement>('daily'),
  status: byId('status'),
  busy: byId('busy'),
  busyText: byId('busy-text'),
  stop: byId<HTMLButtonElement>('stop'),
  size: byId<HTMLSelectElement>('size'),
  undo: byId<HTMLButtonElement>('undo'),
  redo: byId<HTMLButtonElement>('redo'),
  pencil: byId<HTMLButtonElement>('pencil'),
  candidates: byId<HTMLButtonElement>('candidates'),
  edit: byId<HTMLButtonElement>('edit'),
  clear: byId<HTMLButtonElement>('clear'),
  solve: byId<HTMLButtonElement>('solve'),
  check: byId<HTMLButtonElement>('check'),
  count: byId<HTMLButtonElement>('count'),
  hint: byId<HTMLButtonElement>('hint'),
  explain: byId<HTMLButtonElement>('explain'),
  hintText: byId('hint-text'),
  grade: byId('grade'),
  stepPanel: byId('step-panel'),
  stepTitle: byId('step-title'),
  stepText: byId('step-text'),
  stepBack: byId<HTMLButtonElement>('step-back'),
  stepNext: byId<HTMLButtonElement>('step-next'),
  stepApply: byId<HTMLButtonElement>('step-apply'),
  stepMore: byId<HTMLButtonElement>('step-more'),
  stepClose: byId<HTMLButtonElement>('step-close'),
  stepList: byId('step-list'),
  countOut: byId('count-out'),
  level: byId<HTMLSelectElement>('level'),
  generate: byId<HTMLButtonElement>('generate'),
  share: byId<HTMLButtonElement>('share'),
  shareOut: byId('share-out'),
  shareLink: byId<HTMLInputElement>('share-link'),
  exportText: byId<HTMLButtonElement>('export-text'),
  exportSvg: byId<HTMLButtonElement>('export-svg'),
  print: byId<HTMLButtonElement>('print'),
  loadForm: byId<HTMLFormElement>('load-form'),
  puzzleText: byId<HTMLTextAreaElement>('puzzle-text'),
};
