// A minimal history router: one signal holding the path, links that push state.
import { createSignal, splitProps, type JSX } from "solid-js";
import { parseRoute, type Route } from "./route";

const [path, setPath] = createSignal(window.location.pathname);
window.addEventListener("popstate", () => setPath(window.location.pathname));

export function currentRoute(): Route {
  return parseRoute(path());
}

export function navigate(to: string): void {
  if (to === window.location.pathname) return;
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
