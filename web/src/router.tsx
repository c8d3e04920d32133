// A minimal history router: one signal holding the path, links that push state — and one guard a page may set, asked
// before any in-app navigation leaves it (a running game: "Partie aufgeben?").
import { createSignal, splitProps, type JSX } from "solid-js";
import { parseRoute, type Route } from "./route";

const [path, setPath] = createSignal(window.location.pathname);

/**
 * Asked instead of leaving the guarded page: `go` leaves it (call it once the player agreed), not calling it stays.
 * One at a time: the page on screen is the only one that can guard.
 */
export type LeaveGuard = (go: () => void) => void;
let guard: { ask: LeaveGuard; back: boolean; at: string } | null = null;

/**
 * Guards the page shown now until the returned function is called (or another guard replaces it). `back`: the
 * browser's back and forward buttons are asked too (a table waiting for a friend: going back would leave a live invite
 * behind, which a fresh-eyes pass found seating the friend at a table nobody played).
 */
export function guardLeaving(ask: LeaveGuard, opts: { back?: boolean } = {}): () => void {
  const held = { ask, back: opts.back === true, at: window.location.pathname + window.location.search };
  guard = held;
  return () => {
    if (guard === held) guard = null;
  };
}

// Otherwise the browser's own back and forward are not asked: going back from a rematch's table to the finished one
// before it (which then offers the way to the new one) is a path players use; the site's links and buttons are guarded.
window.addEventListener("popstate", () => {
  const held = guard;
  if (held?.back) {
    // The page stays until the player has answered: its address is put back, and "go" takes the way the button wanted.
    const to = window.location.pathname + window.location.search;
    window.history.pushState(null, "", held.at);
    held.ask(() => navigate(to, { force: true }));
    return;
  }
  setPath(window.location.pathname);
});

export function currentRoute(): Route {
  return parseRoute(path());
}

/** `force`: past the guard (the page itself leaving, once what the guard asks is settled). */
export function navigate(to: string, opts: { force?: boolean } = {}): void {
  if (to === window.location.pathname + window.location.search) return;
  if (guard && !opts.force) {
    guard.ask(() => navigate(to, { force: true }));
    return;
  }
  guard = null;
  window.history.pushState(null, "", to);
  setPath(window.location.pathname);
  window.scrollTo(0, 0);
  // Tell screen readers that the page changed: focus moves to the new page's content.
  document.getElementById("main")?.focus({ preventScroll: true });
}

type LinkProps = JSX.AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** An in-app link: a real <a href> (works without JS, opens in new tabs), routed on plain clicks. */
export function Link(props: LinkProps) {
  const [local, rest] = splitProps(props, ["href"]);
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(local.href);
  };
  return <a {...rest} href={local.href} onClick={onClick} />;
}
