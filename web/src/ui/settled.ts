// A resource's value without the throw: reading a Solid resource that failed throws its error into the rendering.
import type { Resource } from "solid-js";

/**
 * The value once loaded (also while it loads again), else undefined — loading or failed; the page says the failure
 * itself (`resource.error`). A fresh-eyes pass: the Bilanz read its failed account as `me()` and went blank.
 */
export function settled<T>(r: Resource<T>): T | undefined {
  return r.state === "ready" || r.state === "refreshing" ? r() : undefined;
}
