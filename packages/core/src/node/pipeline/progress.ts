/**
 * A one-line progress display (`compiling pages 120/1000`) for terminals. Silent when stdout is not a
 * terminal or `CI` is set, so logs stay clean.
 */

/** Progress reporter; both methods are no-ops when the display is off. */
export interface Progress {
  update: (done: number, total: number) => void;
  done: () => void;
}

/** Creates a progress line with `label`. */
export function createProgress(label: string, stream: NodeJS.WriteStream = process.stdout): Progress {
  const enabled = Boolean(stream.isTTY) && !process.env.CI;
  let last = 0;
  let shown = false;
  return {
    update(done, total) {
      if (!enabled) return;
      const now = Date.now();
      if (done < total && now - last < 50) return; // at most 20 redraws a second
      last = now;
      shown = true;
      stream.write(`\r\x1b[2K${label} ${done}/${total}`);
    },
    done() {
      if (enabled && shown) stream.write('\r\x1b[2K');
    },
  };
}
