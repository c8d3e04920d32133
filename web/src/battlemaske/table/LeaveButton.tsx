// "Verlassen": leaving the table after the end, from the tools and from the result (each with its own test hook).
import type { JSX } from "solid-js";
import { tr } from "../../i18n";
import { useTable } from "./store";

export function LeaveButton(props: { testId: "leave" | "leave-result" }): JSX.Element {
  const { m } = useTable();
  return (
    <button type="button" class="button quiet" data-testid={props.testId} onClick={() => m.exit()}>
      {tr("Verlassen", "Leave")}
    </button>
  );
}
