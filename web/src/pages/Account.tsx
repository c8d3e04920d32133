// "Konto": the name, signing out other devices, the standing, and the recovery code that carries the account to this device.
import { createEffect, createResource, createSignal, on, Show } from "solid-js";
import { settled } from "../ui/settled";
import { AccountRefused, authHeaders, ensureAccount, isSignedOut, loadMe, renewRecoveryCode, replaceAccount, signedOutText, signOutOtherDevices, storedAccount } from "../account";
import { tr } from "../i18n";
import { Link } from "../router";
import { Summary } from "../ui/Summary";

/** A message in either language (a thunk, so it follows the language switch); null: nothing to say. */
type Message = (() => string) | null;

/** The answer to one of the page's buttons, spoken to screen readers. */
function StatusLine(props: { msg: Message; testId: string }) {
  return (
    <Show when={props.msg?.()}>
      <p role="status" data-testid={props.testId}>
        {props.msg?.()}
      </p>
    </Show>
  );
}

const failed = () => tr("Das hat nicht geklappt. Bitte später noch einmal.", "That did not work. Please try again later.");

export function AccountPage() {
  const [me, { refetch }] = createResource(loadMe);
  const [name, setName] = createSignal("");
  const [nameMsg, setNameMsg] = createSignal<Message>(null);
  const [code, setCode] = createSignal("");
  const [recoverMsg, setRecoverMsg] = createSignal<Message>(null);
  const [showCode, setShowCode] = createSignal(false);
  const [signOutMsg, setSignOutMsg] = createSignal<Message>(null);
  // The account this device keeps. On a first visit loadMe creates it (and stores its code) after the page has
  // rendered, so it is read again whenever the account loads or changes, not once at the start.
  const [stored, setStored] = createSignal(storedAccount());
  createEffect(on(() => me.state, () => setStored(storedAccount())));

  async function signOutOthers() {
    try {
      await signOutOtherDevices();
      setSignOutMsg(() => () => tr("Alle anderen Geräte sind abgemeldet; dieses bleibt angemeldet.", "All other devices are signed out; this one stays signed in."));
    } catch {
      setSignOutMsg(() => failed);
    }
  }

  const [renewMsg, setRenewMsg] = createSignal<Message>(null);
  const [confirmRenew, setConfirmRenew] = createSignal(false);
  async function renew() {
    setConfirmRenew(false);
    try {
      await renewRecoveryCode();
      setStored(storedAccount());
      setShowCode(true);
      setRenewMsg(() => () => tr("Neuer Code erzeugt; der alte gilt nicht mehr, und alle anderen Geräte sind abgemeldet. Schreib dir den neuen auf.", "A new code is made; the old one no longer works, and every other device is signed out. Write the new one down."));
    } catch {
      setRenewMsg(() => failed);
    }
  }

  async function saveName(e: SubmitEvent) {
    e.preventDefault();
    const r = await fetch("/api/me/name", { method: "PUT", headers: { "content-type": "application/json", ...authHeaders(await ensureAccount()) }, body: JSON.stringify({ name: name().trim() }) });
    setNameMsg(() => () => r.ok ? tr("Gespeichert.", "Saved.") : r.status === 409 ? tr("Dieser Name ist vergeben.", "This name is taken.") : tr("Dieser Name geht nicht: 3 bis 20 Buchstaben oder Ziffern, einzelne Leerzeichen, Punkte oder Striche dazwischen, höchstens zwei Akzente auf einem Buchstaben.", "This name is not allowed: 3 to 20 letters or digits, single spaces, dots or hyphens between them, at most two accents on a letter."));
    if (r.ok) void refetch();
  }

  async function recover(e: SubmitEvent) {
    e.preventDefault();
    const recoveryCode = code().trim().toUpperCase();
    const r = await fetch("/api/accounts/recover", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ recoveryCode }) });
    if (!r.ok) {
      setRecoverMsg(() => () => r.status === 401 ? tr("Kein Konto hat diesen Code.", "No account has this code.") : tr("Das ist kein gültiger Code.", "That is not a valid code."));
      return;
    }
    const a = (await r.json()) as { id: string; token: string };
    replaceAccount({ id: a.id, token: a.token, recoveryCode });
    setStored(storedAccount());
    setCode("");
    setRecoverMsg(() => () => tr("Dein Konto ist jetzt auf diesem Gerät.", "Your account is now on this device."));
    void refetch();
  }

  return (
    <div class="page account">
      <h1>{tr("Dein Konto", "Your account")}</h1>
      <p class="lead">{tr("Ohne Passwort: Dein Konto lebt in diesem Browser. Mit dem Wiederherstellungscode holst du es auf ein anderes Gerät.", "No password: your account lives in this browser. The recovery code carries it to another device.")}</p>
      <Show when={me.error}>
        <p role="alert" class="error">
          {isSignedOut(me.error)
            ? signedOutText()
            : me.error instanceof AccountRefused
              ? me.error.text
              : tr("Das Konto ließ sich nicht laden.", "The account could not be loaded.")}
        </p>
        <Show when={!isSignedOut(me.error)}>
          <button type="button" class="button" data-testid="account-retry" onClick={() => void refetch()}>
            {tr("Noch einmal versuchen", "Try again")}
          </button>
        </Show>
      </Show>
      <Show when={settled(me)}>
        {(m) => (
          <>
            <section aria-labelledby="name-title">
              <h2 id="name-title">{tr("Name", "Name")}</h2>
              <p data-testid="account-name">{m().name ?? tr("Noch kein Name – in Listen erscheinst du als Gast.", "No name yet – boards show you as a guest.")}</p>
              <form class="name-form" onSubmit={saveName}>
                <input type="text" value={name()} onInput={(e) => setName(e.currentTarget.value)} minLength={3} maxLength={20} aria-label={tr("Neuer Name", "New name")} data-testid="account-name-input" />
                <button type="submit" class="button" data-testid="account-name-save">
                  {tr("Speichern", "Save")}
                </button>
                <Show when={nameMsg()?.()}>
                  <span role="status" data-testid="account-name-status">
                    {nameMsg()?.()}
                  </span>
                </Show>
              </form>
            </section>
            <section aria-labelledby="devices-title">
              <h2 id="devices-title">{tr("Geräte", "Devices")}</h2>
              <p class="small">{tr("Verloren oder verliehen? Meldet jedes andere Gerät ab, auf dem dein Konto ist; dieses bleibt angemeldet. Wer deinen Wiederherstellungscode kennt, kommt damit wieder hinein – dann erzeuge unten einen neuen Code: Er meldet alle anderen Geräte noch einmal ab.", "Lost or lent a device? Signs out every other device your account is on; this one stays signed in. Whoever knows your recovery code can get back in with it – then make a new code below: it signs every other device out once more.")}</p>
              <p>
                <button type="button" class="button" onClick={() => void signOutOthers()} data-testid="signout-others">
                  {tr("Auf anderen Geräten abmelden", "Sign out other devices")}
                </button>
              </p>
              <StatusLine msg={signOutMsg()} testId="signout-others-status" />
            </section>
            <section aria-labelledby="stand-title">
              <h2 id="stand-title">{tr("Stand", "Standing")}</h2>
              <Summary me={m()} />
              <p>
                <Link href="/bilanz">{tr("Zur Bilanz", "To your records")}</Link>
              </p>
            </section>
          </>
        )}
      </Show>
      <section aria-labelledby="code-title">
        <h2 id="code-title">{tr("Wiederherstellungscode", "Recovery code")}</h2>
        <Show when={stored()?.recoveryCode} fallback={<p class="small" data-testid="account-code-missing" hidden={me.loading}>{tr("Der Code wird nur beim Anlegen gezeigt; auf diesem Gerät ist er nicht gespeichert.", "The code is shown only when the account is created; this device does not keep it.")}</p>}>
          {(c) => (
            <p>
              <button type="button" class="button" aria-expanded={showCode()} onClick={() => setShowCode(!showCode())} data-testid="account-show-code">
                {showCode() ? tr("Code verbergen", "Hide the code") : tr("Code zeigen", "Show the code")}
              </button>{" "}
              <Show when={showCode()}>
                <code data-testid="account-code">{c()}</code> <span class="small">{tr("Aufheben und niemandem zeigen.", "Keep it and show it to no one.")}</span>
              </Show>
            </p>
          )}
        </Show>
        <Show when={settled(me)}>
          <p class="small">{tr("Jemand kennt deinen Code? Ein neuer Code macht den alten sofort ungültig.", "Someone knows your code? A new code makes the old one stop working at once.")}</p>
          <p>
            <Show
              when={confirmRenew()}
              fallback={
                <button type="button" class="button" onClick={() => setConfirmRenew(true)} data-testid="account-new-code">
                  {tr("Neuen Code erzeugen", "Make a new code")}
                </button>
              }
            >
              <span role="group" aria-label={tr("Neuen Code erzeugen?", "Make a new code?")}>
                {tr("Der alte Code gilt dann nicht mehr. Sicher?", "The old code will stop working. Sure?")}{" "}
                <button type="button" class="button" onClick={() => void renew()} data-testid="account-new-code-confirm">
                  {tr("Ja, neuer Code", "Yes, a new code")}
                </button>{" "}
                <button type="button" class="button quiet" onClick={() => setConfirmRenew(false)} data-testid="account-new-code-cancel">
                  {tr("Abbrechen", "Cancel")}
                </button>
              </span>
            </Show>
          </p>
          <StatusLine msg={renewMsg()} testId="account-new-code-status" />
        </Show>
        {/* Its own heading and words: right under "Neuen Code erzeugen" the bare field read as part of that (a fresh-eyes
            pass). */}
        <h3 id="recover-title">{tr("Konto von einem anderen Gerät holen", "Bring an account from another device")}</h3>
        <p class="small">{tr("Gib den Wiederherstellungscode ein, den dir das andere Gerät zeigt. Das Konto dieses Browsers wird dann durch jenes ersetzt.", "Enter the recovery code the other device shows you. This browser's account is then replaced by that one.")}</p>
        <form class="name-form" onSubmit={recover} aria-labelledby="recover-title">
          <input type="text" value={code()} onInput={(e) => setCode(e.currentTarget.value)} aria-label={tr("Code eines anderen Geräts", "Code from another device")} placeholder="XXXXX-XXXXX-XXXXX-XXXXX" autocomplete="off" class="code-input" data-testid="account-recover-input" />
          <button type="submit" class="button" data-testid="account-recover">
            {tr("Konto hierher holen", "Bring the account here")}
          </button>
          <Show when={recoverMsg()?.()}>
            <span role="status" data-testid="account-recover-status">
              {recoverMsg()?.()}
            </span>
          </Show>
        </form>
      </section>
    </div>
  );
}
