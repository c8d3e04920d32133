import { createEffect, ErrorBoundary, For, lazy, Match, Suspense, Switch } from "solid-js";
import { gameInfo, LANGS, type Lang } from "../../shared/catalog";
import { lang, setLang, ui } from "./i18n";
import { Home } from "./pages/Home";
import { NotFound } from "./pages/NotFound";
import { PageFailed } from "./ui/PageFailed";

// Everything but the start page loads on demand, so the first visit stays small.
const Rules = lazy(() => import("./pages/Rules").then((m) => ({ default: m.Rules })));
const ComputerSetup = lazy(() => import("./pages/Computer").then((m) => ({ default: m.ComputerSetup })));
const TablePage = lazy(() => import("./pages/TablePage").then((m) => ({ default: m.TablePage })));
const HotSeat = lazy(() => import("./pages/HotSeat").then((m) => ({ default: m.HotSeat })));
const Daily = lazy(() => import("./pages/Daily").then((m) => ({ default: m.Daily })));
const Friend = lazy(() => import("./pages/Friend").then((m) => ({ default: m.Friend })));
const AccountPage = lazy(() => import("./pages/Account").then((m) => ({ default: m.AccountPage })));
const BilanzPage = lazy(() => import("./pages/Bilanz").then((m) => ({ default: m.BilanzPage })));
const GoldwaageSetup = lazy(() => import("./goldwaage/Setup").then((m) => ({ default: m.GoldwaageSetup })));
const GoldwaageInvite = lazy(() => import("./goldwaage/Invite").then((m) => ({ default: m.GoldwaageInvite })));
const Wartesaal = lazy(() => import("./pages/Wartesaal").then((m) => ({ default: m.Wartesaal })));
const RankingPage = lazy(() => import("./pages/Ranking").then((m) => ({ default: m.RankingPage })));
const ReplayPage = lazy(() => import("./pages/Replay").then((m) => ({ default: m.ReplayPage })));
const Invite = lazy(() => import("./pages/Invite").then((m) => ({ default: m.Invite })));
import { type Route } from "./route";
import { currentRoute, Link } from "./router";

const LANG_NAMES: Record<Lang, string> = { de: "Deutsch", en: "English" };

export function App() {
  createEffect(() => {
    document.title = pageTitle(currentRoute());
  });
  return (
    <div class="site">
      <a class="skip-link" href="#main">
        {ui().skipToContent}
      </a>
      <header class="top-bar">
        <Link class="brand" href="/" aria-label={ui().homeLink}>
          <MaskEmblem />
          <span>Spielcenter</span>
        </Link>
        <nav class="account-links" aria-label={lang() === "de" ? "Dein Konto" : "Your account"}>
          <Link href="/wartesaal" data-testid="nav-wartesaal">
            {/* "Lobby": short enough for a phone's top bar in English too. */}
            {lang() === "de" ? "Wartesaal" : "Lobby"}
          </Link>
          <Link href="/bilanz" data-testid="nav-bilanz">
            {lang() === "de" ? "Bilanz" : "Records"}
          </Link>
          <Link href="/konto" data-testid="nav-account">
            {lang() === "de" ? "Konto" : "Account"}
          </Link>
        </nav>
        <div class="lang-switch" role="group" aria-label={ui().languageSwitch}>
          <For each={LANGS}>
            {(code) => (
              <button
                type="button"
                lang={code}
                aria-pressed={lang() === code}
                onClick={() => setLang(code)}
              >
                <span aria-hidden="true">{code.toUpperCase()}</span>
                <span class="visually-hidden">{LANG_NAMES[code]}</span>
              </button>
            )}
          </For>
        </div>
      </header>
      <main id="main" tabindex="-1">
        <ErrorBoundary fallback={(error, reset) => <PageFailed error={error} reset={reset} />}>
        <Suspense fallback={<p class="loading">…</p>}>
          <Switch fallback={<NotFound />}>
            <Match when={currentRoute().page === "home"}>
              <Home />
            </Match>
            <Match when={rulesGame(currentRoute())}>{(game) => <Rules game={game()} />}</Match>
            <Match when={currentRoute().page === "computer"}>
              <ComputerSetup />
            </Match>
            <Match when={currentRoute().page === "hotseat"}>
              <HotSeat />
            </Match>
            <Match when={currentRoute().page === "daily"}>
              <Daily />
            </Match>
            <Match when={currentRoute().page === "account"}>
              <AccountPage />
            </Match>
            <Match when={currentRoute().page === "bilanz"}>
              <BilanzPage />
            </Match>
            <Match when={currentRoute().page === "wartesaal"}>
              <Wartesaal />
            </Match>
            <Match when={currentRoute().page === "ranking"}>
              <RankingPage />
            </Match>
            <Match when={currentRoute().page === "friend"}>
              <Friend />
            </Match>
            <Match when={currentRoute().page === "goldwaage"}>
              <GoldwaageSetup />
            </Match>
            <Match when={goldwaageCode(currentRoute())} keyed>
              {(code) => <GoldwaageInvite code={code} />}
            </Match>
            <Match when={roomOf(currentRoute(), "table")} keyed>
              {(room) => <TablePage room={room} />}
            </Match>
            <Match when={replayId(currentRoute())} keyed>
              {(id) => <ReplayPage id={id} />}
            </Match>
            <Match when={roomOf(currentRoute(), "invite")} keyed>
              {(room) => <Invite room={room} />}
            </Match>
          </Switch>
        </Suspense>
        </ErrorBoundary>
      </main>
      <footer class="site-footer">
        <p>Spielcenter · Battlemaske · Zwiegespalten · Goldwaage</p>
      </footer>
    </div>
  );
}

function rulesGame(route: Route) {
  return route.page === "rules" ? route.game : undefined;
}

function goldwaageCode(route: Route): string | undefined {
  return route.page === "goldwaageInvite" ? route.code : undefined;
}

function replayId(route: Route): string | undefined {
  return route.page === "replay" ? route.id : undefined;
}

function roomOf(route: Route, page: "table" | "invite"): string | undefined {
  return route.page === page ? route.room : undefined;
}

function pageTitle(route: Route): string {
  switch (route.page) {
    case "goldwaage":
    case "goldwaageInvite":
      return "Goldwaage · Spielcenter";
    case "computer":
    case "table":
    case "hotseat":
    case "friend":
    case "invite":
      return "Battlemaske · Spielcenter";
    case "daily":
      return `${lang() === "de" ? "Tagesmaskerade" : "Daily game"} · Spielcenter`;
    case "account":
      return `${lang() === "de" ? "Konto" : "Account"} · Spielcenter`;
    case "bilanz":
      return `${lang() === "de" ? "Bilanz" : "Records"} · Spielcenter`;
    case "wartesaal":
      return `${lang() === "de" ? "Wartesaal" : "Lobby"} · Spielcenter`;
    case "ranking":
      return `${lang() === "de" ? "Rangliste" : "Ranking"} · Spielcenter`;
    case "replay":
      return `${lang() === "de" ? "Wiederholung" : "Replay"} · Spielcenter`;
    case "home":
      return "Spielcenter";
    case "rules":
      return `${gameInfo(route.game).name[lang()]} – ${ui().rulesLabel} · Spielcenter`;
    case "notFound":
      return `${ui().notFoundTitle} · Spielcenter`;
  }
}

/** The site's emblem: a carnival half-mask in gold, drawn here rather than loaded. */
function MaskEmblem() {
  return (
    <svg class="emblem" viewBox="0 0 64 40" aria-hidden="true">
      <path
        d="M2 10c9-7 19-8 30-2 11-6 21-5 30 2-1 15-10 24-19 21-4-1-7-5-11-5s-7 4-11 5C12 34 3 25 2 10z"
        fill="currentColor"
      />
      <ellipse cx="18" cy="15" rx="6.5" ry="4" fill="var(--night)" />
      <ellipse cx="46" cy="15" rx="6.5" ry="4" fill="var(--night)" />
    </svg>
  );
}
