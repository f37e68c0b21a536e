/**
 * Tables of figures as text: aligned for terminals, Markdown for notes and committed results,
 * CSV for spreadsheets. Cells arrive already formatted as strings, so every output format
 * shows the same digits.
 */

export const TABLE_FORMATS = ['table', 'markdown', 'csv'] as const;
export type TableFormat = (typeof TABLE_FORMATS)[number];

export interface Column {
  readonly header: string;
  /** Numbers read best right-aligned (the default); names left-aligned. */
  readonly align?: 'left' | 'right';
}

/** A table in one of the text formats; every line ends with a line break. */
export function makeTable(columns: readonly Column[], rows: readonly (readonly string[])[], format: TableFormat): string {
  switch (format) {
    case 'csv':
      return [columns.map((c) => csvField(c.header)), ...rows.map((r) => r.map(csvField))].map((cells) => `${cells.join(',')}\n`).join('');
    case 'markdown': {
      const header = `| ${columns.map((c) => c.header.replace(/\|/g, '\\|')).join(' | ')} |\n`;
      const rule = `|${columns.map((c) => (c.align === 'left' ? ':---' : '---:')).join('|')}|\n`;
      return header + rule + rows.map((r) => `| ${r.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |\n`).join('');
    }
    case 'table': {
      const widths = columns.map((c, i) => Math.max(width(c.header), ...rows.map((r) => width(r[i] ?? ''))));
      const line = (cells: readonly string[]) =>
        `${columns
          .map((c, i) => pad(cells[i] ?? '', widths[i]!, c.align ?? 'right'))
          .join('  ')
          .trimEnd()}\n`;
      return line(columns.map((c) => c.header)) + line(widths.map((w) => '-'.repeat(w))) + rows.map(line).join('');
    }
  }
}

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Display width: code points, so `µs` counts as two. */
function width(text: string): number {
  return [...text].length;
}

function pad(text: string, w: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, w - width(text)));
  return align === 'left' ? text + fill : fill + text;
}
