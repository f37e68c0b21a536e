/**
 * The input modes a player sets once and expects to find again after a reload or in a new tab:
 * what typed digits become (pencil marks, centre marks…), digit-first play, Show mistakes and the
 * mistake limit (mistakes.ts), kept in localStorage beside the game (save.ts).
 */
import { mistakeLimit, setMistakeLimit } from './mistakes.js';
import { type Mode, state } from './state.js';

const MODES: readonly Mode[] = ['digit', 'pencil', 'centre', 'colour'];

const SETTINGS_KEY = 'sudokit.settings.v1';

interface SavedSettings {
  readonly mode: Mode;
  readonly digitFirst: boolean;
  readonly showMistakes: boolean;
  /** Before centre marks and colours: whether digits became pencil marks. */
  readonly pencil?: boolean;
  readonly mistakeLimit?: number;
}

/** What was written last, so an unchanged setting is not written again at every drawing. */
let saved = '';

/** Write the settings when they changed. */
export function saveSettings(): void {
  const text = JSON.stringify({ mode: state.mode, digitFirst: state.digitFirst, showMistakes: state.showMistakes, mistakeLimit: mistakeLimit() } satisfies SavedSettings);
  if (text === saved) return;
  try {
    localStorage.setItem(SETTINGS_KEY, text);
    saved = text;
  } catch {
    // Storage full or switched off: the settings hold until the page closes.
  }
}

/** Take up the saved settings (a setting that cannot be read starts off). */
export function resumeSettings(): void {
  try {
    const read = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null') as Partial<SavedSettings> | null;
    state.mode = MODES.find((m) => m === read?.mode) ?? (read?.pencil === true ? 'pencil' : 'digit');
    state.digitFirst = read?.digitFirst === true;
    state.showMistakes = read?.showMistakes === true;
    setMistakeLimit(Number(read?.mistakeLimit) || 0);
  } catch {
    // Storage switched off or a value that is not JSON: the settings start off.
  }
}
