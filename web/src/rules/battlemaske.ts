import type { Lang } from "../../../shared/catalog";
import type { RulesDoc } from "./types";

// Battlemaske, after RULES.md §1 and seed 004. Written for players; the engine's exact reading
// of the rules lives in docs/rules.md.

const de: RulesDoc = {
  title: "Battlemaske",
  lead: "Venedig, Karneval 1760. Zwei Seiten einer Person sitzen sich gegenüber: Der Conte will Ruhe und gleich viele Stiche, die Maske will Abstand. Ein Stichspiel für genau zwei, über drei Runden.",
  sections: [
    {
      id: "goal",
      title: "Worum es geht",
      blocks: [
        {
          kind: "p",
          text: "Ihr spielt drei Runden mit je zehn Stichen. Nach jeder Runde zählt ihr, wie viele Stiche jeder gewonnen hat. Um den Unterschied rückt der **Spiegel** weiter – immer zur Maske hin, ganz gleich, wer die Stiche gemacht hat.",
        },
        {
          kind: "list",
          items: [
            "Erreicht der Spiegel **Feld 10**, gewinnt die **Maske** sofort.",
            "Steht er nach der dritten Runde auf 9 oder weniger, gewinnt der **Conte**.",
          ],
        },
        {
          kind: "p",
          text: "Der Conte möchte also jede Runde so ausgeglichen wie möglich beenden, am liebsten 5 : 5. Die Maske will einseitige Runden – mit vielen Stichen oder mit fast keinem.",
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
            "Drei Farben mit den Werten 1 bis 7: **Pfau** (Stolz), **Dukaten** (Gier) und **Glut** (Zorn) – zusammen 21 Farbkarten.",
            "Vier **Elixiere**: 1+, 2+, 3+ und 4+. Elixiere haben keine Farbe.",
          ],
        },
        {
          kind: "p",
          text: "Ein Elixier ist ein kleines bisschen mehr wert als seine Zahl: Das 2+ schlägt jede 2, verliert aber gegen jede 3.",
        },
      ],
    },
    {
      id: "round",
      title: "Eine Runde",
      blocks: [
        {
          kind: "steps",
          items: [
            "**Geben:** Alle 25 Karten werden gemischt. Jeder bekommt 10 Karten, die letzten 5 kommen verdeckt beiseite. Niemand sieht sie während der Partie.",
            "**Tauschen:** Jeder wählt verdeckt Karten aus seiner Hand, die der andere bekommen soll – in Runde 1 eine, in Runde 2 zwei, in Runde 3 drei. Dann wechseln beide Päckchen gleichzeitig die Hand.",
            "**Zehn Stiche** spielen.",
            "**Spiegel rücken:** Der Unterschied der Stiche rückt den Spiegel vor.",
          ],
        },
        {
          kind: "p",
          text: "Beim Tausch gilt: Wer zwei oder mehr Elixiere auf der Hand hat, muss mindestens eines davon abgeben. Nach dem Tausch weißt du sicher, welche Karten jetzt beim Gegner sind – die, die du ihm gegeben hast. Und er weiß, welche du von ihm hast: Am Tisch tragen sie das Zeichen ⇄.",
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
            "In Runde 1 spielt der Conte zum ersten Stich aus.",
            "In Runde 2 und 3 kommt es auf den Spiegel an: Steht er auf 0 bis 4, spielt der Conte aus, auf 5 bis 9 die Maske.",
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
            "**Eine Farbkarte wird ausgespielt:** Leg eine Karte derselben Farbe oder ein Elixier – ein Elixier darfst du hier immer legen. Hast du die Farbe nicht, darfst du jede beliebige Karte legen.",
            "**Ein Elixier wird ausgespielt:** Der Ausspieler sagt dazu eine Farbe an. Hast du Karten dieser Farbe, musst du eine davon legen; ein Elixier zählt dann nicht. Hast du keine, leg eine beliebige Karte, auch ein Elixier.",
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
          text: "Die Farben haben keine feste Reihenfolge. Zu Beginn jeder Runde ist keine eingestuft – die Rangfolge entsteht erst beim Spielen:",
        },
        {
          kind: "list",
          items: [
            "Die erste Farbe, die in der Runde auf den Tisch kommt, wird die **schwächste**.",
            "Die zweite Farbe wird die **mittlere**.",
            "Damit steht die dritte sofort als **stärkste** fest.",
          ],
        },
        {
          kind: "p",
          text: "Die Karten bekommen ihren Platz in der Reihenfolge, in der sie liegen: zuerst die des Ausspielers, dann die zweite Karte. Auch eine Farbkarte, die gegen ein Elixier gespielt wird, zählt dafür. Elixiere bekommen nie einen Platz. Eine Farbe, die neu ins Spiel kommt, steht also immer über den schon gespielten.",
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
            "**Verschiedene Farben:** Die Farbe mit dem höheren Rang gewinnt, egal mit welcher Zahl.",
            "**Elixier gegen Farbkarte:** Zuerst wirkt das Elixier (siehe unten), dann gewinnt die höhere Zahl. Das Elixier n+ schlägt die n.",
            "**Elixier gegen Elixier:** Keine Wirkung; das höhere Elixier gewinnt.",
          ],
        },
      ],
    },
    {
      id: "elixirs",
      title: "Was die Elixiere bewirken",
      blocks: [
        { kind: "p", text: "Trifft ein Elixier auf eine Farbkarte, bestimmt deren Farbe, was geschieht:" },
        {
          kind: "list",
          items: [
            "**Pfau – Stolz:** Wer den Stich gewinnt, nimmt dem anderen zusätzlich einen Stich ab, den dieser früher in der Runde gewonnen hat – sofern er einen hat. Der Abstand ändert sich so gleich um zwei.",
            "**Dukaten – Gier:** Nach dem Stich wählen beide verdeckt zwei Handkarten und tauschen sie gleichzeitig. Wer nur noch eine Karte hat, gibt eine; nach dem zehnten Stich wird nicht mehr getauscht. Danach spielt der Gewinner des Stichs aus.",
            "**Glut – Zorn:** Die Rangfolge wird gelöscht, auch der Platz der Glut selbst. Die nächsten Farbkarten bauen sie neu auf.",
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
          title: "Eine neue Farbe sticht",
          lines: [
            "Der Conte eröffnet die Runde mit Dukaten 6. Dukaten ist die erste Farbe und damit die schwächste.",
            "Die Maske hat keine Dukaten und legt Pfau 2. Pfau wird die mittlere Farbe, Glut ist ab jetzt die stärkste.",
            "Pfau steht über Dukaten: Die Maske gewinnt den Stich mit einer 2.",
          ],
        },
        {
          kind: "example",
          title: "Zorn, dann zählt die Zahl",
          lines: [
            "Der Conte spielt das Elixier 4+ aus und sagt Glut an.",
            "Die Maske hat Glut und muss bedienen: Sie legt Glut 6.",
            "Glut löst den Zorn aus, die Rangfolge wird gelöscht. Dann vergleicht ihr die Zahlen: 6 schlägt 4+, die Maske gewinnt.",
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
          text: "Nach dem zehnten Stich zählt jeder seine Stiche. Der Spiegel rückt um den Unterschied zur Maske hin. Da es immer zehn Stiche sind, ist der Unterschied immer gerade: Der Spiegel steht danach auf 0, 2, 4, 6 oder 8 – oder hat Feld 10 erreicht.",
        },
        {
          kind: "example",
          title: "Rechnung am Rundenende",
          lines: ["Conte 6 Stiche, Maske 4: Der Spiegel rückt 2 Felder.", "Bei 5 : 5 bleibt er stehen."],
        },
        {
          kind: "p",
          text: "Erreicht der Spiegel Feld 10, ist die Partie vorbei und die Maske hat gewonnen. Sonst werden alle 25 Karten wieder gemischt – die beiseitegelegten auch – und die nächste Runde beginnt. Nach der dritten Runde gewinnt der Conte, wenn der Spiegel höchstens auf 9 steht.",
        },
      ],
    },
    {
      id: "profi",
      title: "Profi-Variante",
      blocks: [
        {
          kind: "p",
          text: "Ihr spielt zwei Partien und tauscht dazwischen die Rollen, sodass jeder einmal Maske ist. Als Maske bekommst du so viele Punkte, wie der Spiegel in deiner Partie Felder gerückt ist, höchstens 10. Wer mehr Punkte hat, gewinnt. Haben beide 10, gewinnt, wer dafür weniger Runden gebraucht hat; sonst endet Punktgleichheit unentschieden.",
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
            "Als Conte hilft dir eine Mischung aus hohen und niedrigen Karten: So kannst du Stiche gezielt holen oder abgeben.",
            "Als Maske willst du einseitige Runden. Behalte beim Tausch lauter starke – oder lauter schwache – Karten.",
            "Die Farbe, die du zuerst ausspielst, wird die schwächste. Eröffne mit der Farbe, mit der du Stiche abgeben willst.",
            "Ein Elixier gegen Pfau verschiebt den Abstand um zwei Stiche. Heb es dir für den richtigen Moment auf.",
            "Fünf Karten liegen in jeder Runde beiseite. Nicht jede Karte, auf die du wartest, ist überhaupt im Spiel.",
          ],
        },
        {
          kind: "p",
          text: "Battlemaske folgt dem Stichspiel Jekyll vs. Hyde (Geonil, 2021), mit eigenen Namen und den Elixieren 1+ bis 4+.",
        },
      ],
    },
  ],
};

const en: RulesDoc = {
  title: "Battlemaske",
  lead: "Venice, carnival, 1760. Two sides of one person face each other: the Conte wants calm and equal tricks, the Maske wants a gap. A trick-taking game for exactly two players, over three rounds.",
  sections: [
    {
      id: "goal",
      title: "The aim",
      blocks: [
        {
          kind: "p",
          text: "You play three rounds of ten tricks each. After every round you count how many tricks each of you won. The **mirror** moves on by the difference – always towards the Maske, no matter who took the tricks.",
        },
        {
          kind: "list",
          items: [
            "When the mirror reaches **field 10**, the **Maske** wins at once.",
            "If it stands at 9 or less after the third round, the **Conte** wins.",
          ],
        },
        {
          kind: "p",
          text: "So the Conte wants every round as even as possible, ideally 5 : 5. The Maske wants lopsided rounds – with many tricks or with hardly any.",
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
            "Three suits with values 1 to 7: **Pfau** (peacock, pride), **Dukaten** (ducats, greed) and **Glut** (embers, wrath) – 21 suit cards in all.",
            "Four **elixirs**: 1+, 2+, 3+ and 4+. Elixirs have no suit.",
          ],
        },
        {
          kind: "p",
          text: "An elixir is worth a little more than its number: the 2+ beats every 2 but loses to every 3.",
        },
      ],
    },
    {
      id: "round",
      title: "A round",
      blocks: [
        {
          kind: "steps",
          items: [
            "**Deal:** all 25 cards are shuffled. Each player gets 10; the last 5 are set aside face down. Nobody sees them during the game.",
            "**Exchange:** each player secretly picks cards from their hand for the other – one in round 1, two in round 2, three in round 3. Then both sets change hands at the same time.",
            "**Play ten tricks.**",
            "**Move the mirror:** the difference in tricks moves the mirror on.",
          ],
        },
        {
          kind: "p",
          text: "In the exchange: whoever holds two or more elixirs must give away at least one of them. After the exchange you know for sure which cards your opponent holds – the ones you gave. And it knows which ones you got from it: at the table they carry the mark ⇄.",
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
            "In round 1 the Conte leads to the first trick.",
            "In rounds 2 and 3 the mirror decides: at 0 to 4 the Conte leads, at 5 to 9 the Maske.",
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
            "**A suit card is led:** play a card of the same suit or an elixir – an elixir is always allowed here. If you have none of that suit, you may play any card.",
            "**An elixir is led:** the leader names a suit. If you hold cards of that suit, you must play one of them; an elixir does not count then. If you have none, play any card, an elixir included.",
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
          text: "The suits have no fixed order. At the start of each round none is ranked – the ranking grows out of play:",
        },
        {
          kind: "list",
          items: [
            "The first suit to reach the table in a round becomes the **weakest**.",
            "The second suit becomes the **middle** one.",
            "That makes the third the **strongest** at once.",
          ],
        },
        {
          kind: "p",
          text: "Cards take their places in the order they are played: the leader's card first, then the second card. A suit card played against an elixir counts too. Elixirs never get a place. A suit that enters play later therefore always ranks above those already played.",
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
            "**Different suits:** the higher-ranked suit wins, whatever the numbers.",
            "**Elixir against a suit card:** first the elixir takes effect (see below), then the higher number wins. The elixir n+ beats the n.",
            "**Elixir against elixir:** no effect; the higher elixir wins.",
          ],
        },
      ],
    },
    {
      id: "elixirs",
      title: "What the elixirs do",
      blocks: [
        { kind: "p", text: "When an elixir meets a suit card, that card's suit decides what happens:" },
        {
          kind: "list",
          items: [
            "**Pfau – pride:** the winner of the trick also takes away one trick the other player won earlier in the round, if they have one. The gap changes by two at once.",
            "**Dukaten – greed:** after the trick both players secretly pick two cards from their hands and swap them at the same time. With only one card left you give one; after the tenth trick nothing is swapped. Then the trick's winner leads.",
            "**Glut – wrath:** the ranking is cleared, Glut's own place included. The next suit cards build it anew.",
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
          title: "A new suit takes the trick",
          lines: [
            "The Conte opens the round with Dukaten 6. Dukaten is the first suit and so the weakest.",
            "The Maske has no Dukaten and plays Pfau 2. Pfau becomes the middle suit; Glut is now the strongest.",
            "Pfau ranks above Dukaten: the Maske wins the trick with a 2.",
          ],
        },
        {
          kind: "example",
          title: "Wrath, then the number counts",
          lines: [
            "The Conte leads the elixir 4+ and names Glut.",
            "The Maske holds Glut and must follow suit: Glut 6.",
            "Glut triggers wrath and the ranking is cleared. Then the numbers decide: 6 beats 4+, the Maske wins.",
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
          text: "After the tenth trick each player counts their tricks. The mirror moves towards the Maske by the difference. With ten tricks the difference is always even: the mirror then stands at 0, 2, 4, 6 or 8 – or has reached field 10.",
        },
        {
          kind: "example",
          title: "Counting at the end of a round",
          lines: ["Conte 6 tricks, Maske 4: the mirror moves 2 fields.", "At 5 : 5 it stays where it is."],
        },
        {
          kind: "p",
          text: "If the mirror reaches field 10, the game is over and the Maske has won. Otherwise all 25 cards – the ones set aside too – are shuffled again and the next round begins. After the third round the Conte wins if the mirror stands at 9 or less.",
        },
      ],
    },
    {
      id: "profi",
      title: "Profi variant",
      blocks: [
        {
          kind: "p",
          text: "Play two games and swap roles in between, so each of you is the Maske once. As the Maske you score as many points as the mirror moved in your game, at most 10. More points win. If both scored 10, whoever needed fewer rounds to get there wins; otherwise equal scores are a draw.",
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
            "As the Conte, a mix of high and low cards helps you: you can take tricks or give them away on purpose.",
            "As the Maske you want lopsided rounds. In the exchange, keep all strong – or all weak – cards.",
            "The suit you lead first becomes the weakest. Open with the suit you want to lose tricks with.",
            "An elixir against Pfau moves the gap by two tricks. Save it for the right moment.",
            "Five cards are set aside every round. Not every card you are waiting for is even in play.",
          ],
        },
        {
          kind: "p",
          text: "Battlemaske follows the trick-taking game Jekyll vs. Hyde (Geonil, 2021), with names of its own and elixirs 1+ to 4+.",
        },
      ],
    },
  ],
};

export const battlemaske: Record<Lang, RulesDoc> = { de, en };
