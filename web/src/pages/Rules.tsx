import { For } from "solid-js";
import { GAMES, gameInfo, type GameId } from "../../../shared/catalog";
import { lang, playersText, ui } from "../i18n";
import { hrefOf } from "../route";
import { Link } from "../router";
import { RULES, type Block } from "../rules";
import { RichText } from "../rules/rich-text";

export function Rules(props: { game: GameId }) {
  const doc = () => RULES[props.game][lang()];
  const others = () => GAMES.filter((game) => game.id !== props.game);
  return (
    <article class="page rules">
      <Link class="back" href="/">
        ← {ui().backToGames}
      </Link>
      <header class="rules-head">
        <p class="kicker">{ui().rulesLabel}</p>
        <h1 id="page-title">{doc().title}</h1>
        <p class="players">{playersText(gameInfo(props.game).players)}</p>
        <p class="lead">{doc().lead}</p>
      </header>
      <nav class="toc" aria-labelledby="toc-title">
        <h2 id="toc-title">{ui().contents}</h2>
        <ol>
          <For each={doc().sections}>
            {(section) => (
              <li>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            )}
          </For>
        </ol>
      </nav>
      <For each={doc().sections}>
        {(section) => (
          <section id={section.id} class="rules-section" aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            <For each={section.blocks}>{(block) => <RulesBlock block={block} />}</For>
          </section>
        )}
      </For>
      <nav class="other-rules" aria-labelledby="other-rules-title">
        <h2 id="other-rules-title">{ui().otherRules}</h2>
        <ul>
          <For each={others()}>
            {(game) => (
              <li>
                <Link href={hrefOf({ page: "rules", game: game.id })}>{game.name[lang()]}</Link>
              </li>
            )}
          </For>
        </ul>
      </nav>
    </article>
  );
}

// Blocks are static data: For re-creates them when the language changes, so a plain switch is enough.
function RulesBlock(props: { block: Block }) {
  const block = props.block;
  switch (block.kind) {
    case "p":
      return (
        <p>
          <RichText text={block.text} />
        </p>
      );
    case "list":
      return <ul>{items(block.items)}</ul>;
    case "steps":
      return <ol class="steps">{items(block.items)}</ol>;
    case "example":
      return (
        <aside class="example" aria-label={`${ui().example}: ${block.title}`}>
          <p class="example-title">
            <span class="example-kicker">{ui().example}</span> {block.title}
          </p>
          {block.numbered ? (
            <ol>{items(block.lines)}</ol>
          ) : (
            <For each={block.lines}>
              {(line) => (
                <p>
                  <RichText text={line} />
                </p>
              )}
            </For>
          )}
        </aside>
      );
    case "table":
      return (
        <div class="table-wrap">
          <table>
            <caption>{block.caption}</caption>
            <thead>
              <tr>
                <For each={block.head}>{(cell) => <th scope="col">{cell}</th>}</For>
              </tr>
            </thead>
            <tbody>
              <For each={block.rows}>
                {(row) => (
                  <tr>
                    <For each={row}>
                      {(cell, index) => (index() === 0 ? <th scope="row">{cell}</th> : <td>{cell}</td>)}
                    </For>
                  </tr>
                )}
              </For>
            </tbody>
          </table>
        </div>
      );
  }
}

function items(texts: string[]) {
  return (
    <For each={texts}>
      {(text) => (
        <li>
          <RichText text={text} />
        </li>
      )}
    </For>
  );
}
