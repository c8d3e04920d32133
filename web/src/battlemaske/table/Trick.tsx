// The trick in the middle: the cards played (staged while a batch plays out), else the last trick and its effect.
import { For, Show, type JSX } from "solid-js";
import type { Seat } from "../../../../shared/battlemaske/events";
import { lang, tr } from "../../i18n";
import { CardFace, SuitEmblem, suitName } from "../cards";
import { effectText } from "../log";
import { byRole } from "../../../../shared/battlemaske/words";
import { useTable } from "./store";
import { moreBelow } from "../../ui/moreBelow";

export function Trick(): JSX.Element {
  const { m, v, me, rs, role, staged, infoHandlers, explain } = useTable();
  // While a batch plays out the table shows its frames instead of the view's trick (the view moves on at the end).
  const trickShown = () => staged()?.trick ?? v().trick;
  const lastTrick = () => {
    const st = staged();
    if (st) return st.taken ?? (st.trick.length === 0 && v().history.length > 0 ? v().history[v().history.length - 1] : undefined);
    return v().trick.length === 0 && v().history.length > 0 ? v().history[v().history.length - 1] : undefined;
  };
  // A spectator sees both sides by name.
  // In the exchange nothing lies on the table yet: on a short screen the empty trick gives its height to the hand, so
  // ten cards and "Tauschen" fit without scrolling (the player pass, 375 × 667). Not while the exchange's help is
  // open over the stage (it needs the room), and not in play, where the hand would jump under a finger at the first card.
  const quiet = () => v().phase === "exchange" && !explain() && trickShown().length === 0 && !lastTrick();
  // At one shared device "Du" and "deiner" name nobody (a player pass): there a seat is its role.
  const hotseat = m.kind === "hotseat";
  const who = (s: Seat) => (m.spectator && m.seatName ? m.seatName(s)[lang()] : hotseat ? role(v().roles[s]) : s === me() ? tr("Du", "You") : m.opponent[lang()]);
  /** Who in a sentence: at one shared device by role with its article ("die Maske nimmt dem Conte …"), else as labelled. */
  const person = (s: Seat) => (hotseat ? byRole(rs(), v().roles[s]!) : { de: who(s), en: who(s) });
  return (
    <div class="trick" classList={{ quiet: quiet() }} data-testid="trick" data-count={trickShown().length} data-staged={staged() ? "true" : undefined}>
      <Show
        when={trickShown().length > 0}
        fallback={
          <Show when={lastTrick()} fallback={<p class="trick-empty">{tr("Noch kein Stich", "No trick yet")}</p>}>
            {(t) => (
              <div class="last-trick" data-testid="last-trick">
                <span class="trick-caption">
                  {tr("Letzter Stich", "Last trick")} – {t().winner === me() && !m.spectator && !hotseat ? tr("deiner", "yours") : who(t().winner)}
                  {/* An elixir lead's named suit stays with its trick (it went with the answer: a fresh-eyes pass). */}
                  <Show when={t().namedSuit}>
                    {(s) => (
                      <span class="named-last" data-testid="last-trick-named">
                        {" · "}
                        {tr("Angesagt:", "Named:")} <SuitEmblem suit={s()} ruleset={rs()} /> {suitName(rs(), s(), lang())}
                      </span>
                    )}
                  </Show>
                </span>
                <div class="trick-cards">
                  <For each={t().cards}>
                    {(p) => (
                      <figure class={`played${p.seat === t().winner ? " won" : ""}${staged()?.taken ? " gathering" : ""}`}>
                        <CardFace id={p.card} ruleset={rs()} lang={lang()} />
                        <figcaption>{who(p.seat)}</figcaption>
                      </figure>
                    )}
                  </For>
                </div>
                {/* While it is gathered this is where its effect is read (the turn line says it to a screen reader only), with
                    the cards left to swap after it, in the frames and after them alike (Gier after the round's last trick
                    swaps nothing; with nine cards left it read "(eine, wenn nur noch eine übrig ist)", a fresh-eyes pass). */}
                <Show when={t().effect}>{(e) => <p ref={moreBelow} class="effect-text" data-testid="effect">{effectText(e(), t().stolen, person(t().winner), lang(), rs(), staged()?.taken ? staged()!.left : 10 - v().history.length, person(t().winner === 0 ? 1 : 0))}</p>}</Show>
              </div>
            )}
          </Show>
        }
      >
        <div class="trick-cards">
          <For each={trickShown()}>
            {(p) => (
              <figure class="played fresh" data-card={p.card} tabindex="0" {...infoHandlers(p.card, false)}>
                <CardFace id={p.card} ruleset={rs()} lang={lang()} />
                <figcaption>{who(p.seat)}</figcaption>
              </figure>
            )}
          </For>
        </div>
        <Show when={staged() ? (staged()!.named ?? null) : v().namedSuit}>
          {(s) => (
            <p class="named">
              {tr("Angesagt:", "Named:")} <SuitEmblem suit={s()} ruleset={rs()} /> {suitName(rs(), s(), lang())}
            </p>
          )}
        </Show>
      </Show>
    </div>
  );
}
