// One wall clock for every countdown on a page. Each countdown used to tick on a timer of its own (every 250 ms, 500 ms
// or a second, each from when it was made), so the chess clock and the no-show countdown beside it, both rounded up to
// the second, could differ by a second (a player pass saw 0:42 beside 0:43). They now read the same instant.
import { createSignal, getOwner, onCleanup, type Accessor } from "solid-js";

/** Fine enough that a rounded second is never shown more than a quarter of a second late. */
export const TICK_MS = 250;

const [now, setNow] = createSignal(Date.now());
let users = 0;
let timer: ReturnType<typeof setInterval> | null = null;

/**
 * The page's current time, ticking while some owner needs it: call in a component or an effect; the ticking stops when
 * the last of them is cleaned up, so a page with no countdown runs no timer.
 */
export function useNow(): Accessor<number> {
  // Outside an owner nothing could stop the timer again: such a caller reads the time without keeping it ticking.
  if (!getOwner()) return now;
  users++;
  if (timer === null) {
    setNow(Date.now());
    timer = setInterval(() => setNow(Date.now()), TICK_MS);
  }
  onCleanup(() => {
    users--;
    if (users === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  });
  return now;
}

/** The same clock, read without asking it to tick (a countdown that ticks only some of the time reads this). */
export const wallNow: Accessor<number> = now;
