// Choosing the account's display name (PUT /api/me/name): the daily board and the Wartesaal show it.
import { createSignal, onMount, Show } from "solid-js";
import { authHeaders, ensureAccount, storedAccount } from "../account";
import { tr } from "../i18n";

export function NameForm(props: { inputTestId: string; saveTestId?: string; label: string; button: string; onSaved: () => void }) {
  const [name, setName] = createSignal("");
  const [msg, setMsg] = createSignal<(() => string) | null>(null);
  // A named account finds its name in the field (the player pass: an empty field read as "you have no name" while
  // the board listed it). Only an account this browser already holds is asked: a visit alone creates none.
  onMount(async () => {
    const a = storedAccount();
    if (!a) return;
    try {
      const r = await fetch("/api/me", { headers: authHeaders(a) });
      const me = r.ok ? ((await r.json()) as { name: string | null }) : null;
      if (me?.name && name() === "") setName(me.name);
    } catch {
      // offline: the field stays empty, saving still works
    }
  });
  async function save(e: SubmitEvent) {
    e.preventDefault();
    const r = await fetch("/api/me/name", { method: "PUT", headers: { "content-type": "application/json", ...authHeaders(await ensureAccount()) }, body: JSON.stringify({ name: name().trim() }) });
    setMsg(() => () => r.ok ? tr("Gespeichert.", "Saved.") : r.status === 409 ? tr("Dieser Name ist vergeben.", "This name is taken.") : tr("Dieser Name geht nicht: 3 bis 20 Buchstaben oder Ziffern, höchstens zwei Akzente auf einem Buchstaben.", "This name is not allowed: 3 to 20 letters or digits, at most two accents on a letter."));
    if (r.ok) props.onSaved();
  }
  return (
    <form class="name-form" onSubmit={save}>
      <input type="text" value={name()} onInput={(e) => setName(e.currentTarget.value)} minLength={3} maxLength={20} aria-label={props.label} data-testid={props.inputTestId} />
      <button type="submit" class="button" data-testid={props.saveTestId}>
        {props.button}
      </button>
      <Show when={msg()?.()}>
        <span role="status">{msg()?.()}</span>
      </Show>
    </form>
  );
}
