/**
 * `check`'s worker thread (review/threads/check-worker.ts, and a shard's lint worker) does work
 * the main thread needs only later: git, cfn-lint's identity probe, its server or CLI. On a
 * machine with few cores it and its processes compete with the main thread, whose steps the user waits
 * for. So it lowers its own scheduling priority first: on Linux the nice value belongs to the
 * thread (sched(7)), so only that thread and the processes it starts (which inherit it) yield to
 * the main thread; the main thread and the user's process keep theirs. Elsewhere (macOS, Windows)
 * the value would apply to the whole process, so nothing is changed there.
 */
import { setPriority } from 'node:os';

/** The nice value of a background thread: below the main thread (0), well above idle (19). */
export const BACKGROUND_NICE = 10;

/** Lowers the calling thread's priority where that affects the thread alone; never throws. */
export function runInBackground(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false;
  try {
    setPriority(0, BACKGROUND_NICE);
    return true;
  } catch {
    return false;
  }
}
