/**
 * A progress line on stderr for long batch runs: done, rate, and ETA when the input size is
 * known. Shown only when stderr is a terminal and the run lasts more than a second.
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

  /** Record progress; redraws at most ten times a second. */
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
    const seconds = (now - this.#started) / 1000;
    const rate = this.#done / seconds;
    let line = `${this.#done.toLocaleString('en-US')} puzzles, ${Math.round(rate).toLocaleString('en-US')}/s`;
    if (this.#totalBytes) {
      const fraction = Math.min(1, this.#bytes / this.#totalBytes);
      const width = 30;
      const filled = Math.round(fraction * width);
      const eta = fraction > 0 ? seconds * (1 / fraction - 1) : 0;
      line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(1)}% ${line}, ETA ${formatSeconds(eta)}`;
    }
    process.stderr.write(`\r\x1b[K${line}`);
    this.#shown = true;
  }
}

function formatSeconds(s: number): string {
  if (s < 60) return `${Math.ceil(s)}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
