import { For } from "solid-js";

/** Renders a rules string, turning **marked** words into <strong>. */
export function RichText(props: { text: string }) {
  // Scores such as "7 : 4" never break across lines; odd split indices are the marked parts.
  const parts = () => props.text.replace(/(\d) : (\d)/g, "$1\u00a0:\u00a0$2").split(/\*\*(.+?)\*\*/g);
  return <For each={parts()}>{(part, index) => (index() % 2 === 1 ? <strong>{part}</strong> : part)}</For>;
}
