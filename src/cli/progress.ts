/**
 * A progress line on stderr for long batch runs: puzzles answered, rate, and ETA when the input
 * size is known. Shown only when stderr is a terminal and the run lasts more than a second.
 * Callers report what has been answered (written), not what has been read: reading runs ahead
 * of the answers by the batches in flight.
 */
export class Progress {
  readonly #enabled: boolean;
  readonly #totalBytes: number | undefined;
  readonly #started = performance.now();
  #lastDraw = 0;
  #shown = false;
  #done = 0;
  #bytes = 0;

  constructor(enabled: boolean, totalBytes: number | undefined) {
    this.#enabled = enabled;
    this.#totalBytes = totalBytes;
  }

  /** Record progress: `done` puzzles answered, covering `bytes` of the input; redraws at most ten times a second. */
  update(done: number, bytes: number): void {
    this.#done = done;
    this.#bytes = bytes;
    if (!this.#enabled) return;
    const now = performance.now();
    if (now - this.#started < 1000 || now - this.#lastDraw < 100) return;
    this.#lastDraw = now;
    this.#draw(now);
  }

  /** Write a message on stderr without mangling the progress line. */
  message(text: string): void {
    if (this.#shown) process.stderr.write('\r\x1b[K');
    process.stderr.write(text);
    if (this.#shown) this.#draw(performance.now());
  }

  /** Clear the progress line. */
  finish(): void {
    if (this.#shown) process.stderr.write('\r\x1b[K');
    this.#shown = false;
  }

  #draw(now: number): void {
    const fraction = this.#totalBytes ? Math.min(1, this.#bytes / this.#totalBytes) : undefined;
    process.stderr.write(`\r\x1b[K${formatProgress(this.#done, (now - this.#started) / 1000, fraction)}`);
    this.#shown = true;
  }
}

/**
 * The progress line: `done` puzzles answered in `seconds`, and with `fraction` (how much of the
 * input they cover, when its size is known) a bar, a percentage and the time left at this rate.
 */
export function formatProgress(done: number, seconds: number, fraction: number | undefined): string {
  const rate = seconds > 0 ? done / seconds : 0;
  const line = `${done.toLocaleString('en-US')} puzzles, ${Math.round(rate).toLocaleString('en-US')}/s`;
  if (fraction === undefined) return line;
  const width = 30;
  const filled = Math.round(fraction * width);
  const eta = fraction > 0 ? seconds * (1 / fraction - 1) : 0;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(1)}% ${line}, ETA ${formatSeconds(eta)}`;
}

function formatSeconds(s: number): string {
  if (s < 60) return `${Math.ceil(s)}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
