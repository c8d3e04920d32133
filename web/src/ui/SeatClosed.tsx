// A page whose socket the room closed because its seat is open in too many windows (TOO_MANY_WINDOWS): it does not come
// back by itself (it would close the next oldest window, and so on round the tabs), so it says so over the table and
// takes no more taps. A fresh-eyes pass found such a tab reading "Verbindung wird wiederhergestellt …" with its cards
// still answering clicks. One for every game's table.
import { Show, type JSX } from "solid-js";
import { lang, tr } from "../i18n";

export function SeatClosed(props: { closed: boolean; error: { message: string; messageDe: string } | null }): JSX.Element {
  return (
    <Show when={props.closed}>
      <div class="overlay" role="alertdialog" aria-modal="true" aria-labelledby="seat-closed-title" data-testid="seat-closed">
        <div class="overlay-card">
          <h2 id="seat-closed-title">{tr("Dieses Fenster ist getrennt", "This window is disconnected")}</h2>
          <p>{props.error ? (lang() === "de" ? props.error.messageDe : props.error.message) : tr("Dieser Platz ist in zu vielen Fenstern offen.", "This seat is open in too many windows.")}</p>
          <div class="overlay-buttons">
            <button type="button" class="button primary" data-testid="seat-closed-reload" onClick={() => location.reload()}>
              {tr("Neu laden und hier weiterspielen", "Reload and play here")}
            </button>
          </div>
        </div>
      </div>
    </Show>
  );
}
