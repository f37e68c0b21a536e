/**
 * Sections of a results file that one benchmark writes and another keeps: a section lies between
 * two markers, `<!-- NAME -->` and `<!-- /NAME -->`. `bench:variant-steps` writes "logic-alone" in
 * `bench/results/variants.md`, which `bench:variants` keeps when it rewrites the rest of the file;
 * `bench:practice` writes "practice" in `bench/results/generate.md`, which `bench:generate` keeps.
 */
const start = (name: string) => `<!-- ${name} -->`;
const end = (name: string) => `<!-- /${name} -->`;

/** The section as it stands in `text` (markers included, with its final newline), or ''. */
export function sectionOf(text: string, name: string): string {
  const at = text.indexOf(start(name));
  const to = text.indexOf(end(name));
  return at >= 0 && to > at ? `${text.slice(at, to + end(name).length)}\n` : '';
}

/** `body` wrapped in the markers. */
export function section(body: string, name: string): string {
  return `${start(name)}\n${body.endsWith('\n') ? body : `${body}\n`}${end(name)}\n`;
}

/** `text` with its section replaced by `fresh` (or `fresh` added at the end). */
export function withSection(text: string, fresh: string, name: string): string {
  const old = sectionOf(text, name);
  if (old) return text.replace(old, fresh);
  return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}\n${fresh}`;
}
