/**
 * The input modes a player sets once and expects to find again after a reload or in a new tab:
 * pencil marks, Show mistakes and the mistake limit (mistakes.ts), kept in localStorage beside the
 * game (save.ts).
 */
import { mistakeLimit, setMistakeLimit } from './mistakes.js';
import { state } from './state.js';

const SETTINGS_KEY = 'sudokit.settings.v1';

interface SavedSettings {
  readonly pencil: boolean;
  readonly showMistakes: boolean;
  readonly mistakeLimit?: number;
}

/** What was written last, so an unchanged setting is not written again at every drawing. */
let saved = '';

/** Write the settings when they changed. */
export function saveSettings(): void {
  const text = JSON.stringify({ pencil: state.pencil, showMistakes: state.showMistakes, mistakeLimit: mistakeLimit() } satisfies SavedSettings);
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
    state.pencil = read?.pencil === true;
    state.showMistakes = read?.showMistakes === true;
    setMistakeLimit(Number(read?.mistakeLimit) || 0);
  } catch {
    // Storage switched off or a value that is not JSON: the settings start off.
  }
}
