/**
 * The few SVG helpers the renderers share: escaping text and writing numbers short. SVG is
 * built as plain strings with no dependencies, so the same code runs in Node and in the browser.
 */

/** Text made safe for XML content and attribute values. */
export function escapeXml(text: string): string {
  return (
    text
      // What XML 1.0 has no place for (control characters but tab and newlines, lone surrogates, U+FFFE and U+FFFF) becomes U+FFFD.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
      .replace(/[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu, '\uFFFD')
      .replace(/[&<>"']/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' } as const)[c as '&']};`)
  );
}

/** A coordinate with at most two decimals, without trailing zeros (smaller files, same picture). */
export function num(x: number): string {
  return String(Math.round(x * 100) / 100);
}

/** The font stack of every picture: the system's sans-serif. Names are unquoted (valid CSS) because resvg ignores quoted ones. */
export const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica Neue, Arial, DejaVu Sans, sans-serif';

/** The opening tag of a standalone, accessible SVG of this size, with its title. */
export function svgOpen(width: number, height: number, title: string, className: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="${className}" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" role="img" font-family="${escapeXml(FONT)}">\n` +
    `<title>${escapeXml(title)}</title>\n`
  );
}
