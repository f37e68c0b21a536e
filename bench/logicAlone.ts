/**
 * The "logic alone" section of `bench/results/variants.md`: written by `bench:variant-steps`
 * between two markers, and kept by `bench:variants` when it rewrites the rest of the file.
 */
const START = '<!-- logic-alone -->';
const END = '<!-- /logic-alone -->';

/** The section as it stands in `text` (markers included, with its final newline), or ''. */
export function sectionOf(text: string): string {
  const at = text.indexOf(START);
  const end = text.indexOf(END);
  return at >= 0 && end > at ? text.slice(at, end + END.length) + '\n' : '';
}

/** `body` wrapped in the markers. */
export function section(body: string): string {
  return `${START}\n${body.endsWith('\n') ? body : `${body}\n`}${END}\n`;
}

/** `text` with its section replaced by `fresh` (or `fresh` added at the end). */
export function withSection(text: string, fresh: string): string {
  const old = sectionOf(text);
  if (old) return text.replace(old, fresh);
  return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}\n${fresh}`;
}
