// Progress of a long command (export, import, verify): a bar redrawn in place on a terminal, and a
// plain line at every 10% otherwise (a log or CI keeps every line, so a bar would flood it). On
// standard error, so standard output stays the command's result.

const WIDTH = 30;

export type Progress = { update(done: number): void; end(): void };

export function progress(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  let lastTenth = -1;
  let lastDrawn = 0;
  let shown = -1;
  return {
    update(done: number) {
      const share = Math.min(1, Math.max(0, done));
      const percent = Math.floor(share * 100);
      if (stream.isTTY) {
        // At most ten redraws a second, and only when the figure moved.
        const now = Date.now();
        if (percent === shown || (now - lastDrawn < 100 && percent < 100)) return;
        lastDrawn = now;
        shown = percent;
        const filled = Math.round(share * WIDTH);
        stream.write(`\r${label} [${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}] ${percent}%`);
        return;
      }
      const tenth = Math.floor(percent / 10);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        stream.write(`${label}: ${tenth * 10}%\n`);
      }
    },
    end() {
      if (stream.isTTY && shown >= 0) stream.write("\n");
    },
  };
}
