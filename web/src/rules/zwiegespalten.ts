import type { Lang } from "../../../shared/catalog";
import type { RulesDoc } from "./types";

// Zwiegespalten, after RULES.md §1 and seed 003: the Battlemaske game as a ruleset with
// French-suited cards, elixirs 2+ to 5+ and a stricter follow rule.

const de: RulesDoc = {
  title: "Zwiegespalten",
  lead: "Ein Stichspiel für genau zwei, bei dem beide Verschiedenes wollen: Der Hüter will alles im Gleichgewicht halten, der Schatten will das Gegenteil. Es ist Battlemaske mit einem ganz normalen Kartenblatt.",
  sections: [
    {
      id: "goal",
      title: "Worum es geht",
      blocks: [
        {
          kind: "p",
          text: "Ihr spielt drei Runden mit je zehn Stichen. Neben dem Tisch liegt eine **Leiste** aus zehn verdeckten Karten. Nach jeder Runde dreht ihr so viele davon um, wie der Unterschied eurer Stiche beträgt – der Schatten rückt also immer vor, egal wer mehr Stiche hat.",
        },
        {
          kind: "list",
          items: [
            "Liegen alle **zehn Leistenkarten** offen, gewinnt der **Schatten** sofort.",
            "Liegt nach der dritten Runde noch mindestens eine verdeckt, gewinnt der **Hüter**.",
          ],
        },
        {
          kind: "p",
          text: "Als Hüter willst du also 5 : 5 – zu viele Stiche helfen dem Schatten genauso wie zu wenige. Als Schatten drückst du in eine Richtung: alle Stiche holen oder alle abgeben.",
        },
      ],
    },
    {
      id: "cards",
      title: "Die Karten",
      blocks: [
        { kind: "p", text: "Gespielt wird mit 25 Karten:" },
        {
          kind: "list",
          items: [
            "**Kreuz ♣, Karo ♦ und Herz ♥** jeweils von Ass bis 7 – das Ass zählt 1. Zusammen 21 Farbkarten.",
            "Vier **Elixiere**: die Pik-Karten 2♠, 3♠, 4♠ und 5♠. Sie zählen als 2+, 3+, 4+ und 5+ und haben keine Farbe.",
          ],
        },
        {
          kind: "p",
          text: "Jedes Elixier ist ein wenig mehr wert als seine Zahl: Die 4♠ schlägt jede 4, verliert aber gegen jede 5.",
        },
      ],
    },
    {
      id: "table",
      title: "Mit einem echten Kartenblatt",
      blocks: [
        {
          kind: "p",
          text: "Online übernimmt das Spielcenter alles. Am Tisch braucht ihr aus einem 52er-Blatt ohne Joker:",
        },
        {
          kind: "list",
          items: [
            "die 25 Spielkarten von oben,",
            "die drei Achten ♣ ♦ ♥ als Marker für die Rangfolge, neben drei Plätzen „schwächste – mittlere – stärkste“,",
            "zehn beliebige weitere Karten, verdeckt in einer Reihe: die Leiste. Wenn der Schatten vorrückt, dreht ihr sie von links nach rechts um.",
          ],
        },
        { kind: "p", text: "Der Schatten mischt und gibt in jeder Runde." },
      ],
    },
    {
      id: "round",
      title: "Eine Runde",
      blocks: [
        {
          kind: "steps",
          items: [
            "**Geben:** Die 25 Spielkarten werden gemischt. Jeder bekommt 10, die letzten 5 kommen verdeckt beiseite. Niemand sieht sie an.",
            "**Tauschen:** Jeder legt verdeckt Karten aus seiner Hand für den anderen hin – in Runde 1 eine, in Runde 2 zwei, in Runde 3 drei. Dann tauscht ihr gleichzeitig.",
            "**Zehn Stiche** spielen.",
            "**Den Schatten vorrücken:** Der Unterschied der Stiche dreht Leistenkarten um.",
          ],
        },
        {
          kind: "p",
          text: "Hast du zwei oder mehr Elixiere auf der Hand, muss unter den Karten, die du abgibst, mindestens ein Elixier sein. Nach dem Tausch weißt du sicher, welche Karten der andere jetzt hat – die, die du ihm gegeben hast. Und er weiß, welche du von ihm hast: Am Tisch tragen sie das Zeichen ⇄.",
        },
      ],
    },
    {
      id: "lead",
      title: "Wer spielt aus?",
      blocks: [
        {
          kind: "list",
          items: [
            "In Runde 1 spielt der Hüter zum ersten Stich aus.",
            "In Runde 2 und 3 der Hüter, wenn weniger als fünf Leistenkarten offen liegen – sonst der Schatten.",
            "Wer einen Stich gewinnt, spielt zum nächsten aus.",
          ],
        },
      ],
    },
    {
      id: "follow",
      title: "Ausspielen und Zugeben",
      blocks: [
        {
          kind: "p",
          text: "Ein Stich besteht aus zwei Karten: Wer ausspielt, legt eine beliebige Karte; der andere legt eine dazu.",
        },
        {
          kind: "list",
          items: [
            "**Eine Farbkarte wird ausgespielt:** Bediene die Farbe oder spiel ein Elixier – das darfst du immer. Hast du die Farbe nicht, aber ein Elixier, **musst** du ein Elixier legen. Nur wenn du weder die Farbe noch ein Elixier hast, legst du eine beliebige Karte.",
            "**Ein Elixier wird ausgespielt:** Der Ausspieler nennt eine Farbe (♣, ♦ oder ♥). Hast du Karten dieser Farbe, musst du eine davon legen; mit einem Elixier darfst du dann nicht antworten. Hast du keine, leg eine beliebige Karte, auch ein Elixier.",
          ],
        },
      ],
    },
    {
      id: "ranking",
      title: "Die Rangfolge der Farben",
      blocks: [
        {
          kind: "p",
          text: "Zu Beginn jeder Runde haben die drei Farben keine Rangfolge. Sie entsteht durch die gespielten Farbkarten:",
        },
        {
          kind: "list",
          items: [
            "Die erste Farbe der Runde wird die **schwächste** – legt ihre Acht auf diesen Platz.",
            "Die zweite Farbe wird die **mittlere**.",
            "Die dritte ist damit sofort die **stärkste**.",
          ],
        },
        {
          kind: "p",
          text: "Es zählt die Reihenfolge auf dem Tisch: erst die Karte des Ausspielers, dann die zweite – auch eine Farbkarte, die gegen ein Elixier gespielt wird. Elixiere bekommen nie einen Platz. Die Rangfolge gilt bis zum Ende der Runde, außer ein Elixier setzt sie zurück (Herz, siehe unten).",
        },
      ],
    },
    {
      id: "trick",
      title: "Wer gewinnt den Stich?",
      blocks: [
        {
          kind: "list",
          items: [
            "**Gleiche Farbe:** Die höhere Zahl gewinnt.",
            "**Verschiedene Farben:** Die stärkere Farbe gewinnt, egal mit welcher Zahl.",
            "**Ein Elixier:** Zuerst wirkt das Elixier (siehe unten). Dann gewinnt die höhere Zahl; die Farbe spielt keine Rolle, und das Elixier schlägt eine Karte mit derselben Zahl.",
            "**Zwei Elixiere:** Sie heben sich auf – keine Wirkung; das höhere gewinnt.",
          ],
        },
      ],
    },
    {
      id: "elixirs",
      title: "Was die Elixiere bewirken",
      blocks: [
        { kind: "p", text: "Die Wirkung eines Elixiers hängt von der Farbe der anderen Karte im Stich ab:" },
        {
          kind: "list",
          items: [
            "**♣ Kreuz – Stich stehlen:** Wer den Stich gewinnt, nimmt dem anderen zusätzlich einen seiner schon gewonnenen Stiche weg, falls er einen hat. Der Unterschied ändert sich damit um zwei.",
            "**♦ Karo – Karten tauschen:** Nach dem Stich wählen beide verdeckt zwei Handkarten (eine, wenn nur noch eine übrig ist; nach dem zehnten Stich keine) und tauschen sie gleichzeitig. Dann spielt der Gewinner des Stichs aus.",
            "**♥ Herz – Zurücksetzen:** Alle Marker kommen von der Rangfolge, auch der von Herz. Die nächsten Farbkarten bauen sie neu auf.",
          ],
        },
      ],
    },
    {
      id: "examples",
      title: "Zwei Stiche zum Nachvollziehen",
      blocks: [
        {
          kind: "example",
          title: "Eine Kreuz-Zwei gewinnt",
          lines: [
            "Der Hüter eröffnet die Runde mit der 6♦. Karo ist die erste Farbe und wird die schwächste.",
            "Der Schatten hat weder Karo noch ein Elixier und legt die 2♣. Kreuz wird die mittlere Farbe, Herz damit die stärkste.",
            "Kreuz steht über Karo: Der Schatten gewinnt den Stich mit einer 2.",
          ],
        },
        {
          kind: "example",
          title: "Herz setzt zurück",
          lines: [
            "Der Hüter spielt die 4♠ aus und nennt Herz.",
            "Der Schatten muss Herz legen und spielt die 6♥.",
            "Das Herz setzt die Rangfolge zurück. Dann schlägt die 6 die 4+: Der Schatten gewinnt.",
          ],
        },
      ],
    },
    {
      id: "round-end",
      title: "Ende einer Runde und der Partie",
      blocks: [
        {
          kind: "p",
          text: "Nach dem zehnten Stich zählt jeder seine Stiche. Dreht so viele Leistenkarten um, wie der Unterschied beträgt. Weil es immer zehn Stiche sind, ist der Unterschied immer gerade.",
        },
        {
          kind: "example",
          title: "Rechnung am Rundenende",
          lines: [
            "Hüter 6 Stiche, Schatten 4: Der Unterschied ist 2, zwei weitere Leistenkarten werden umgedreht.",
            "Bei 5 : 5 rückt der Schatten gar nicht vor.",
          ],
        },
        {
          kind: "p",
          text: "Wird die letzte Leistenkarte umgedreht, gewinnt der Schatten sofort. Sonst nehmt die Marker von der Rangfolge, mischt alle 25 Spielkarten – auch die beiseitegelegten – und beginnt die nächste Runde. Nach der dritten Runde gewinnt der Hüter, wenn noch eine Leistenkarte verdeckt liegt.",
        },
      ],
    },
    {
      id: "rematch",
      title: "Rückspiel",
      blocks: [
        {
          kind: "p",
          text: "Spielt zwei Partien und tauscht dazwischen die Rollen. Jedes Mal, wenn du Schatten bist, bekommst du einen Punkt je umgedrehter Leistenkarte (10, wenn du die Leiste geschafft hast). Die höhere Punktzahl gewinnt. Haben beide 10, gewinnt, wer dafür weniger Runden gebraucht hat; sonst endet es unentschieden.",
        },
      ],
    },
    {
      id: "differences",
      title: "Unterschiede zu Battlemaske",
      blocks: [
        {
          kind: "list",
          items: [
            "Namen und Karten: Hüter und Schatten statt Conte und Maske, ♣ ♦ ♥ statt Pfau, Dukaten und Glut, eine Leiste aus zehn Karten statt des Spiegels.",
            "Die Elixiere zählen 2+ bis 5+ statt 1+ bis 4+ – so wie im Original Jekyll vs. Hyde (Geonil, 2021), das Zwiegespalten inspiriert hat.",
            "Zugeben: Wer die ausgespielte Farbe nicht hat, muss ein Elixier legen, falls er eines hat. In Battlemaske darf man dann jede Karte legen.",
          ],
        },
      ],
    },
    {
      id: "tips",
      title: "Tipps für den Anfang",
      blocks: [
        {
          kind: "list",
          items: [
            "Als Hüter willst du 5 : 5. Zu viele Stiche sind genauso schlecht wie zu wenige.",
            "Als Schatten drück in eine Richtung – viele Stiche machen oder fast alle abgeben.",
            "Die Farbe, die du zuerst ausspielst, wird die schwächste. Eröffne mit der Farbe, mit der du Stiche abgeben willst.",
            "Ein Elixier gegen Kreuz stiehlt einen Stich und verschiebt den Unterschied gleich um zwei.",
            "Fünf Karten liegen jede Runde beiseite. Nicht jede Karte, auf die du wartest, kommt auch.",
          ],
        },
      ],
    },
  ],
};

const en: RulesDoc = {
  title: "Zwiegespalten",
  lead: "A trick-taking game for exactly two players who want different things: the Keeper (Hüter) wants to keep everything in balance, the Shadow (Schatten) wants the opposite. It is Battlemaske played with an ordinary deck of cards.",
  sections: [
    {
      id: "goal",
      title: "The aim",
      blocks: [
        {
          kind: "p",
          text: "You play three rounds of ten tricks each. Beside the table lies a **track** of ten face-down cards. After every round you turn over as many of them as the difference between your tricks – so the Shadow always advances, no matter who has more tricks.",
        },
        {
          kind: "list",
          items: [
            "When all **ten track cards** are face up, the **Shadow** wins at once.",
            "If at least one is still face down after the third round, the **Keeper** wins.",
          ],
        },
        {
          kind: "p",
          text: "As the Keeper you want 5 : 5 – too many tricks help the Shadow just as much as too few. As the Shadow you push one way: take every trick or give them all away.",
        },
      ],
    },
    {
      id: "cards",
      title: "The cards",
      blocks: [
        { kind: "p", text: "The game uses 25 cards:" },
        {
          kind: "list",
          items: [
            "**Clubs ♣, diamonds ♦ and hearts ♥**, each from ace to 7 – the ace counts 1. 21 suit cards in all.",
            "Four **elixirs**: the spades 2♠, 3♠, 4♠ and 5♠. They count as 2+, 3+, 4+ and 5+ and have no suit.",
          ],
        },
        {
          kind: "p",
          text: "Every elixir is worth a little more than its number: the 4♠ beats every 4 but loses to every 5.",
        },
      ],
    },
    {
      id: "table",
      title: "With a real deck of cards",
      blocks: [
        {
          kind: "p",
          text: "Online, the Spielcenter does all of this for you. At a table you need, from a 52-card deck without jokers:",
        },
        {
          kind: "list",
          items: [
            "the 25 playing cards above,",
            "the three eights ♣ ♦ ♥ as markers for the ranking, beside three places “weakest – middle – strongest”,",
            "any ten other cards, face down in a row: the track. Whenever the Shadow advances, turn them over from left to right.",
          ],
        },
        { kind: "p", text: "The Shadow shuffles and deals every round." },
      ],
    },
    {
      id: "round",
      title: "A round",
      blocks: [
        {
          kind: "steps",
          items: [
            "**Deal:** the 25 playing cards are shuffled. Each player gets 10; the last 5 are set aside face down. Nobody looks at them.",
            "**Exchange:** each player lays out cards from their hand face down for the other – one in round 1, two in round 2, three in round 3. Then you swap at the same time.",
            "**Play ten tricks.**",
            "**Advance the Shadow:** the difference in tricks turns over track cards.",
          ],
        },
        {
          kind: "p",
          text: "If you hold two or more elixirs, the cards you give away must include at least one elixir. After the exchange you know for sure which cards the other player now holds – the ones you gave. And they know which ones you got from them: at the table they carry the mark ⇄.",
        },
      ],
    },
    {
      id: "lead",
      title: "Who leads?",
      blocks: [
        {
          kind: "list",
          items: [
            "In round 1 the Keeper leads to the first trick.",
            "In rounds 2 and 3 the Keeper leads if fewer than five track cards are face up – otherwise the Shadow.",
            "Whoever wins a trick leads to the next one.",
          ],
        },
      ],
    },
    {
      id: "follow",
      title: "Leading and following",
      blocks: [
        {
          kind: "p",
          text: "A trick is two cards: the leader plays any card, the other player adds one.",
        },
        {
          kind: "list",
          items: [
            "**A suit card is led:** follow suit or play an elixir – that is always allowed. If you have none of that suit but do have an elixir, you **must** play an elixir. Only with neither the suit nor an elixir may you play any card.",
            "**An elixir is led:** the leader names a suit (♣, ♦ or ♥). If you hold cards of that suit, you must play one of them; you may not answer with an elixir then. If you have none, play any card, an elixir included.",
          ],
        },
      ],
    },
    {
      id: "ranking",
      title: "The ranking of the suits",
      blocks: [
        {
          kind: "p",
          text: "At the start of each round the three suits have no ranking. It grows out of the suit cards as they are played:",
        },
        {
          kind: "list",
          items: [
            "The round's first suit becomes the **weakest** – put its eight on that place.",
            "The second suit becomes the **middle** one.",
            "That makes the third the **strongest** at once.",
          ],
        },
        {
          kind: "p",
          text: "The order on the table counts: first the leader's card, then the second – a suit card played against an elixir included. Elixirs never get a place. The ranking holds until the end of the round unless an elixir resets it (hearts, see below).",
        },
      ],
    },
    {
      id: "trick",
      title: "Who wins the trick?",
      blocks: [
        {
          kind: "list",
          items: [
            "**Same suit:** the higher number wins.",
            "**Different suits:** the stronger suit wins, whatever the numbers.",
            "**One elixir:** first the elixir takes effect (see below). Then the higher number wins; suits do not matter, and the elixir beats a card of the same number.",
            "**Two elixirs:** they cancel out – no effect; the higher one wins.",
          ],
        },
      ],
    },
    {
      id: "elixirs",
      title: "What the elixirs do",
      blocks: [
        { kind: "p", text: "An elixir's effect depends on the suit of the other card in the trick:" },
        {
          kind: "list",
          items: [
            "**♣ Clubs – steal a trick:** the winner of the trick also takes one of the other player's tricks won earlier, if they have one. The difference changes by two.",
            "**♦ Diamonds – swap cards:** after the trick both players secretly pick two cards from their hands (one if only one is left; none after the tenth trick) and swap them at the same time. Then the trick's winner leads.",
            "**♥ Hearts – reset:** the markers come off the ranking, the hearts marker too. The next suit cards build it anew.",
          ],
        },
      ],
    },
    {
      id: "examples",
      title: "Two tricks to follow along",
      blocks: [
        {
          kind: "example",
          title: "The little club wins",
          lines: [
            "The Keeper opens the round with the 6♦. Diamonds is the first suit and becomes the weakest.",
            "The Shadow has neither diamonds nor an elixir and plays the 2♣. Clubs becomes the middle suit, so hearts is the strongest.",
            "Clubs ranks above diamonds: the Shadow wins the trick with a 2.",
          ],
        },
        {
          kind: "example",
          title: "Hearts resets",
          lines: [
            "The Keeper leads the 4♠ and names hearts.",
            "The Shadow must play hearts and plays the 6♥.",
            "The heart resets the ranking. Then 6 beats 4+: the Shadow wins.",
          ],
        },
      ],
    },
    {
      id: "round-end",
      title: "End of a round and of the game",
      blocks: [
        {
          kind: "p",
          text: "After the tenth trick each player counts their tricks. Turn over as many track cards as the difference. With ten tricks the difference is always even.",
        },
        {
          kind: "example",
          title: "Counting at the end of a round",
          lines: [
            "Keeper 6 tricks, Shadow 4: the difference is 2, so two more track cards are turned over.",
            "At 5 : 5 the Shadow does not advance at all.",
          ],
        },
        {
          kind: "p",
          text: "When the last track card is turned over, the Shadow wins at once. Otherwise take the markers off the ranking, shuffle all 25 playing cards – the ones set aside too – and start the next round. After the third round the Keeper wins if a track card is still face down.",
        },
      ],
    },
    {
      id: "rematch",
      title: "Rematch",
      blocks: [
        {
          kind: "p",
          text: "Play two games and swap roles in between. Each time you are the Shadow you score one point per track card turned over (10 if you completed the track). The higher score wins. If both scored 10, whoever needed fewer rounds to get there wins; otherwise it is a draw.",
        },
      ],
    },
    {
      id: "differences",
      title: "Differences from Battlemaske",
      blocks: [
        {
          kind: "list",
          items: [
            "Names and cards: Keeper and Shadow instead of Conte and Maske, ♣ ♦ ♥ instead of Pfau, Dukaten and Glut, a track of ten cards instead of the mirror.",
            "The elixirs count 2+ to 5+ instead of 1+ to 4+ – as in the original Jekyll vs. Hyde (Geonil, 2021), which inspired Zwiegespalten.",
            "Following: if you lack the suit led, you must play an elixir when you have one. In Battlemaske you may then play any card.",
          ],
        },
      ],
    },
    {
      id: "tips",
      title: "Tips for your first games",
      blocks: [
        {
          kind: "list",
          items: [
            "As the Keeper you want 5 : 5. Too many tricks are as bad as too few.",
            "As the Shadow, push one way – take many tricks or give nearly all of them away.",
            "The suit you lead first becomes the weakest. Open with the suit you want to lose tricks with.",
            "An elixir against clubs steals a trick and moves the difference by two at once.",
            "Five cards are set aside every round. Not every card you are waiting for will come.",
          ],
        },
      ],
    },
  ],
};

export const zwiegespalten: Record<Lang, RulesDoc> = { de, en };
