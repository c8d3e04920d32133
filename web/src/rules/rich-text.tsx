import { For } from "solid-js";

/** Renders a rules string, turning **marked** words into <strong>. */
export function RichText(props: { text: string }) {
  // split with a capture group: odd indices are the marked parts.
  const parts = () => props.text.split(/\*\*(.+?)\*\*/g);
  return <For each={parts()}>{(part, index) => (index() % 2 === 1 ? <strong>{part}</strong> : part)}</For>;
}
