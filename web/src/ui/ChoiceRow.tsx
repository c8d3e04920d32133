// A row of toggle buttons choosing one value (aria-pressed on the chosen one), each with its test hook.
import { For } from "solid-js";

export interface ChoiceOption<T> {
  readonly id: string;
  readonly value: T;
  readonly text: string;
}

export function ChoiceRow<T>(props: { options: ReadonlyArray<ChoiceOption<T>>; current: T; onChoose: (v: T) => void }) {
  return (
    <div class="choice-row">
      <For each={props.options}>
        {(o) => (
          <button type="button" class="choice" aria-pressed={props.current === o.value} data-testid={o.id} onClick={() => props.onChoose(o.value)}>
            {o.text}
          </button>
        )}
      </For>
    </div>
  );
}
