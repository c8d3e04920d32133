import type { Lang } from "../../../shared/catalog";
import type { RulesDoc } from "./types";

// Goldwaage, after RULES.md §2 and seed 000.

const de: RulesDoc = {
  title: "Goldwaage",
  lead: "Ein kooperatives Kartenspiel für 2 bis 4: Ihr spielt alle zusammen gegen die Waage und gewinnt oder verliert gemeinsam. Am schönsten zu zweit.",
  sections: [
    {
      id: "goal",
      title: "Worum es geht",
      blocks: [
        {
          kind: "p",
          text: "In der Mitte steht eine Waage mit einer **linken** und einer **rechten Schale**. Reihum legt jeder eine Karte in eine der Schalen; ihre Zahl ist ihr **Gewicht**. Wiegen beide Schalen gleich viel, ist die Waage im **Gleichgewicht** und wird geleert. Wird eine Schale zu viel schwerer als die andere, **kippt** die Waage, und ihr verliert ein Leben.",
        },
        {
          kind: "p",
          text: "Eure Hände bleiben verdeckt, und über sie wird nicht geredet. Nur eine Karte jeder Hand liegt offen – sie ist euer einziges Signal.",
        },
      ],
    },
    {
      id: "cards",
      title: "Die Karten",
      blocks: [
        {
          kind: "p",
          text: "Gespielt wird mit 48 Karten: 2 bis 10, Ass, Bube und Dame in vier Farben. Die Farben spielen keine Rolle. Die vier **Könige** sind eure **Leben**.",
        },
        {
          kind: "list",
          items: [
            "**2 bis 10:** wiegen so viel, wie draufsteht. Leg sie oben auf eine der beiden Schalen.",
            "**Ass:** kommt in eine beliebige Schale. In der leichteren Schale ist es ein **Gegengewicht**: Es wiegt genau den Unterschied, und die Waage steht im Gleichgewicht. Eine leere Schale gilt als die leichtere, wenn in der anderen Karten liegen. Sonst – auf der leeren Waage oder in der schwereren Schale – wiegt das Ass 1.",
            "**Bube:** Wähle eine Schale, in der Karten liegen. Ihre oberste Karte wandert oben auf die andere Schale und behält ihr Gewicht. Der Bube kommt auf den Ablagestapel.",
            "**Dame:** Wähle eine Schale, in der Karten liegen. Ihre oberste Karte kommt zusammen mit der Dame auf den Ablagestapel.",
          ],
        },
        {
          kind: "p",
          text: "Die oberste Karte einer Schale ist immer die, die zuletzt hineingelegt wurde. Bube und Dame wirken auf die schwerere oder die leichtere Schale, wie ihr wollt; liegen nur in einer Schale Karten, auf diese. Auf einer leeren Waage tun sie nichts und kommen gleich auf den Ablagestapel.",
        },
      ],
    },
    {
      id: "setup",
      title: "Vorbereitung",
      blocks: [
        {
          kind: "steps",
          items: [
            "Legt so viele Könige offen neben die Waage, wie eure Stufe Leben hat (auf Normal drei).",
            "Mischt die übrigen 48 Karten und legt sie verdeckt bereit.",
            "Bestimmt, wer die erste Runde beginnt.",
          ],
        },
        {
          kind: "p",
          text: "Das Spiel hat vier Runden mit je 12 Karten. Jede Runde hat eine **Grenze**: den größten Unterschied, den die Waage noch aushält. Von Runde zu Runde wird sie empfindlicher:",
        },
        {
          kind: "table",
          caption: "Grenze in den Runden 1 bis 4",
          head: ["Spieler", "Runde 1", "Runde 2", "Runde 3", "Runde 4"],
          rows: [
            ["2", "8", "7", "6", "5"],
            ["3–4", "9", "8", "7", "6"],
          ],
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
            "**Austeilen:** 12 Karten – zu zweit je 6, zu dritt je 4, zu viert je 3. Während der Runde wird nicht nachgezogen.",
            "**Offene Karte:** Jeder legt eine seiner Karten offen vor sich hin. Sie gehört weiter zur Hand; die anderen bleiben verdeckt.",
            "**Reihum spielen:** Wer die Runde beginnt, ist zuerst dran, dann geht es im Uhrzeigersinn weiter, bis alle 12 Karten gespielt sind.",
          ],
        },
        { kind: "p", text: "Die nächste Runde beginnt der linke Nachbar dessen, der diese Runde begonnen hat." },
      ],
    },
    {
      id: "turn",
      title: "Dein Zug",
      blocks: [
        {
          kind: "steps",
          items: [
            "**Spiel eine Karte** – aus der Hand oder deine offene Karte: eine Zahlenkarte oder ein Ass in eine Schale, oder einen Buben oder eine Dame mit ihrer Aktion.",
            "**Prüft die Waage** (nächster Abschnitt).",
            "**Offene Karte:** Hast du deine offene Karte gespielt, deckst du eine andere auf. Du darfst deine offene Karte am Ende deines Zugs auch gegen eine Handkarte tauschen. Deine letzte Karte liegt immer offen.",
          ],
        },
        {
          kind: "p",
          text: "Passen gibt es nicht: Du musst in jedem Zug eine Karte spielen, auch wenn jede deiner Karten die Waage kippen würde.",
        },
      ],
    },
    {
      id: "scale",
      title: "Gleichgewicht oder gekippt",
      blocks: [
        {
          kind: "p",
          text: "Nach jeder Karte zählt ihr beide Schalen zusammen. Der **Unterschied** ist, um wie viel die schwerere Schale schwerer ist.",
        },
        {
          kind: "list",
          items: [
            "**Gleichgewicht:** Beide Schalen wiegen gleich viel. Alle Karten der Waage kommen auf den Ablagestapel – genau darauf arbeitet ihr hin. Eine leere Waage ist im Gleichgewicht.",
            "**Gekippt:** Der Unterschied ist größer als die Grenze. Dreht einen König um – ein Leben ist verloren – und räumt die Waage ab. Ein Unterschied genau so groß wie die Grenze ist noch in Ordnung.",
            "**Sonst** passiert nichts, und der Nächste ist dran.",
          ],
        },
      ],
    },
    {
      id: "round-end",
      title: "Ende einer Runde",
      blocks: [
        {
          kind: "p",
          text: "Die Runde endet, wenn alle 12 Karten gespielt sind. Liegen dann noch Karten auf der Waage, ist sie nicht im Gleichgewicht: Dreht einen König um und räumt sie ab. Dann teilt ihr die nächste Runde aus.",
        },
      ],
    },
    {
      id: "win-lose",
      title: "Gewinnen und verlieren",
      blocks: [
        {
          kind: "list",
          items: [
            "Ihr **verliert**, sobald ihr einen König umdrehen müsstet und keiner mehr offen liegt.",
            "Ihr **gewinnt** gemeinsam, wenn ihr alle vier Runden gespielt habt, ohne zu verlieren.",
            "Am Tisch mit Freunden wartet niemand ewig: Wer am Zug ist und **10 Minuten** nicht spielt, hat die Partie für alle verloren (der Tisch zeigt, wer getrennt ist und wie lange er noch wartet). Kommt jemand nach dem Geben **eine Minute** lang gar nicht an den Tisch, wird die Partie abgebrochen und zählt nicht. Gibt jemand auf (oder geht), bevor **10 Karten** gespielt oder **3 Minuten** vergangen sind, hat das Team verloren, aber die Partie zählt in keiner Bilanz. Wer nur mit Computern spielt, hat alle Zeit.",
          ],
        },
        {
          kind: "p",
          text: "Festfahren könnt ihr euch nie, denn jede Karte lässt sich spielen. Manche Verteilungen sind aber einfach schlecht – dafür habt ihr Leben.",
        },
      ],
    },
    {
      id: "silence",
      title: "Kein Wort über eure Karten",
      blocks: [
        {
          kind: "p",
          text: "Über verdeckte Karten verratet ihr nichts: keine Zahlen, kein „das gleiche ich aus“, kein „leg nach links“, kein Seufzen und kein absichtliches Zögern. Was auf dem Tisch liegt, ist öffentlich: die Schalen und ihre Summen, der Unterschied, die Grenze, die Leben und wer dran ist. Online gibt es während einer Runde deshalb keinen Chat.",
        },
        {
          kind: "p",
          text: "Deine offene Karte ist dein Signal. Weil du sie am Ende jedes Zugs tauschen darfst, sagt sie: „Die kann ich als Nächstes brauchen.“ Macht ihr den Unterschied so groß wie die offene Karte des Nächsten, kann er die Waage ausgleichen.",
        },
        {
          kind: "p",
          text: "**Computer-Teamkameraden** zeigen zu Rundenbeginn ihre schwerste Karte (zuerst 9 und 10, dann kleinere Zahlen, dann Ass, Bube, Dame) und nach jedem eigenen Zug die schwerste, die sie in dieser Runde noch nicht gezeigt haben – so erfahrt ihr Zug um Zug eine Karte mehr. Was sie schon gezeigt haben und noch halten, steht an ihrem Platz unter „schon gezeigt“. Ihre offene Karte heißt also: „Alles, was ich verdeckt halte und nie gezeigt habe, ist leichter als diese Karte.“ Auf **Profi** (nichts offen) spielen sie auf die leere Waage links aus, wenn ihre übrigen Karten im Schnitt schwer sind (6 oder mehr), sonst rechts; zu dritt und zu viert kippen sie die Waage nur, wenn jede ihrer Karten sie kippen würde, und spielen von mehreren Karten gleichen Rangs immer die mit der niedrigsten Farbe (♣ vor ♦ vor ♥ vor ♠) – wer die 7♥ spielt, hält also weder die 7♣ noch die 7♦.",
        },
      ],
    },
    {
      id: "example",
      title: "Eine Runde zum Nachspielen",
      blocks: [
        {
          kind: "p",
          text: "Anna und Ben spielen zu zweit, Runde 1, Grenze 8. Anna hält 7♣ 3♦ 5♠ 9♣ B♥ A♠ und zeigt die 3♦. Ben hält 4♥ 8♦ D♣ 10♠ 2♣ 6♥ und zeigt die 4♥. Anna beginnt.",
        },
        {
          kind: "example",
          title: "Zug für Zug (links : rechts)",
          numbered: true,
          lines: [
            "Anna legt die 7♣ links: 7 : 0.",
            "Ben legt seine offene 4♥ rechts: 7 : 4. Er zeigt jetzt die 2♣.",
            "Anna legt die 3♦ rechts: 7 : 7 – Gleichgewicht, die Waage wird geleert. Anna zeigt die 5♠.",
            "Mit der 10♠ würde Ben die leere Waage kippen – 10 ist mehr als die Grenze. Er legt lieber die 6♥ links: 6 : 0.",
            "Anna wird ihre 9♣ los, solange sie passt: rechts, 6 : 9.",
            "Ben legt die 2♣ rechts: 6 : 11. Der Unterschied ist 5 – so viel wie Annas offene 5♠. Ben zeigt die 10♠.",
            "Anna legt die 5♠ links: 11 : 11 – Gleichgewicht. Sie zeigt den B♥.",
            "Ben legt die 8♦ links: 8 : 0. Genau die Grenze ist noch erlaubt.",
            "Anna spielt den B♥ und schiebt die 8♦ nach rechts: 0 : 8. Ihre letzte Karte, das A♠, liegt nun offen.",
            "Ben legt die 10♠ links: 10 : 8. Seine letzte Karte, die D♣, liegt offen.",
            "Anna legt das A♠ rechts als Gegengewicht. Es wiegt 2: 10 : 10 – Gleichgewicht.",
            "Ben spielt die D♣ auf die leere Waage; sie tut nichts. Die Runde ist vorbei, die Waage ist leer: kein Leben verloren.",
          ],
        },
      ],
    },
    {
      id: "levels",
      title: "Schwierigkeitsstufen",
      blocks: [
        {
          kind: "table",
          caption: "Stufen",
          head: ["Stufe", "Leben", "Offene Karten"],
          rows: [
            ["Leicht", "4", "1"],
            ["Normal", "3", "1"],
            ["Schwer", "2", "1"],
            ["Profi", "3", "keine – alle Karten bleiben verdeckt, auch die letzte"],
          ],
        },
        {
          kind: "p",
          text: "Goldwaage ist neu und noch wenig erprobt. Gewinnt ihr leicht, nehmt eine Stufe höher; verliert ihr ständig, eine tiefer.",
        },
      ],
    },
    {
      id: "variants",
      title: "Varianten",
      blocks: [
        { kind: "p", text: "Alle freiwillig und mit jeder Stufe kombinierbar:" },
        {
          kind: "list",
          items: [
            "**Offene Hände** (zum Lernen): Alle Karten liegen offen – geredet wird trotzdem nicht.",
            "**Zwei offene Karten** (leichter): Jeder zeigt zwei Karten statt einer.",
            "**Ruhige Waage:** Die Grenze bleibt in allen vier Runden bei 7, zu dritt und zu viert bei 8.",
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
            "Zielt auf die offenen Karten: Kannst du den Unterschied so groß machen wie die offene Karte des Nächsten?",
            "Zeig, was du als Nächstes spielen willst, und tausch deine offene Karte, wenn sich dein Plan ändert.",
            "Werdet Neunen und Zehnen früh los – die Grenze wird nur kleiner.",
            "Hebt Asse, Buben und Damen fürs Rundenende auf. Sie retten einen Unterschied, den keine Zahlenkarte schafft.",
            "Plant die letzten Züge rückwärts. Zu zweit spielt die letzte Karte, wer die Runde nicht begonnen hat.",
          ],
        },
      ],
    },
  ],
};

const en: RulesDoc = {
  title: "Goldwaage",
  lead: "A cooperative card game for 2 to 4 players: you all play together against the scale and win or lose as a team. Best with two.",
  sections: [
    {
      id: "goal",
      title: "The aim",
      blocks: [
        {
          kind: "p",
          text: "In the middle stands a scale with a **left** and a **right pan**. In turn, each player puts one card into one of the pans; its number is its **weight**. When both pans weigh the same, the scale is in **balance** and is emptied. When one pan gets too much heavier than the other, the scale **tips** and you lose a life.",
        },
        {
          kind: "p",
          text: "Your hands stay hidden and nobody talks about them. Only one card of each hand lies face up – it is your only signal.",
        },
      ],
    },
    {
      id: "cards",
      title: "The cards",
      blocks: [
        {
          kind: "p",
          text: "The game uses 48 cards: 2 to 10, ace, jack and queen in four suits. Suits do not matter. The four **kings** are your **lives**.",
        },
        {
          kind: "list",
          items: [
            "**2 to 10:** weigh what they show. Put them on top of either pan.",
            "**Ace:** goes into either pan. In the lighter pan it is a **counterweight**: it weighs exactly the difference, and the scale balances. An empty pan counts as the lighter one when the other pan holds cards. Otherwise – on the empty scale or in the heavier pan – the ace weighs 1.",
            "**Jack:** choose a pan that holds cards. Its top card moves onto the top of the other pan and keeps its weight. The jack goes to the discard pile.",
            "**Queen:** choose a pan that holds cards. Its top card goes to the discard pile together with the queen.",
          ],
        },
        {
          kind: "p",
          text: "A pan's top card is always the one placed last. Jack and queen work on the heavier or the lighter pan, as you like; if only one pan holds cards, on that one. On an empty scale they do nothing and go straight to the discard pile.",
        },
      ],
    },
    {
      id: "setup",
      title: "Setting up",
      blocks: [
        {
          kind: "steps",
          items: [
            "Put as many kings face up beside the scale as your level has lives (three on Normal).",
            "Shuffle the other 48 cards and place them face down.",
            "Decide who starts the first round.",
          ],
        },
        {
          kind: "p",
          text: "The game has four rounds of 12 cards. Each round has a **limit**: the largest difference the scale can bear. From round to round it gets more sensitive:",
        },
        {
          kind: "table",
          caption: "Limit in rounds 1 to 4",
          head: ["Players", "Round 1", "Round 2", "Round 3", "Round 4"],
          rows: [
            ["2", "8", "7", "6", "5"],
            ["3–4", "9", "8", "7", "6"],
          ],
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
            "**Deal** 12 cards – 6 each with two players, 4 each with three, 3 each with four. Nobody draws during the round.",
            "**Open card:** each player puts one of their cards face up in front of them. It still belongs to their hand; the others stay hidden.",
            "**Play in turn:** the starting player goes first, then play passes clockwise until all 12 cards are played.",
          ],
        },
        { kind: "p", text: "The next round is started by the left neighbour of this round's starter." },
      ],
    },
    {
      id: "turn",
      title: "Your turn",
      blocks: [
        {
          kind: "steps",
          items: [
            "**Play a card** – from your hand or your open card: a number card or an ace into a pan, or a jack or queen with its action.",
            "**Check the scale** (next section).",
            "**Open card:** if you played your open card, show another one. At the end of your turn you may also swap your open card for a card from your hand. Your last card is always open.",
          ],
        },
        {
          kind: "p",
          text: "There is no passing: you must play a card on every turn, even if every card you hold would tip the scale.",
        },
      ],
    },
    {
      id: "scale",
      title: "Balanced or tipped",
      blocks: [
        {
          kind: "p",
          text: "After every card, add up both pans. The **difference** is how much heavier the heavier pan is.",
        },
        {
          kind: "list",
          items: [
            "**Balance:** both pans weigh the same. All cards on the scale go to the discard pile – this is what you are working towards. An empty scale is in balance.",
            "**Tipped:** the difference is greater than the limit. Turn a king face down – a life is lost – and clear the scale. A difference exactly equal to the limit is still fine.",
            "**Otherwise** nothing happens and the next player's turn begins.",
          ],
        },
      ],
    },
    {
      id: "round-end",
      title: "End of a round",
      blocks: [
        {
          kind: "p",
          text: "The round ends when all 12 cards are played. If cards are still on the scale then, it is not in balance: turn a king face down and clear the scale. Then deal the next round.",
        },
      ],
    },
    {
      id: "win-lose",
      title: "Winning and losing",
      blocks: [
        {
          kind: "list",
          items: [
            "You **lose** the moment you would have to turn a king and none is left face up.",
            "You **win** together when you have played all four rounds without losing.",
            "At a table with friends nobody waits forever: whoever is to play and does not for **10 minutes** has lost the game for everyone (the table shows who is disconnected and how long it still waits). If someone does not come to the table at all within **one minute** of the deal, the game is called off and does not count. If someone gives up (or leaves) before **10 cards** are played or **3 minutes** have passed, the team has lost, but the game counts in nobody's records. Playing with computers only, you have all the time you want.",
          ],
        },
        {
          kind: "p",
          text: "You can never get stuck, because every card can always be played. Some deals are simply bad, though – that is what the lives are for.",
        },
      ],
    },
    {
      id: "silence",
      title: "Not a word about your cards",
      blocks: [
        {
          kind: "p",
          text: "Reveal nothing about hidden cards: no numbers, no “I can balance that”, no “go left”, no sighing and no deliberate hesitation. What lies on the table is public: the pans and their sums, the difference, the limit, the lives and whose turn it is. That is why there is no chat during a round online.",
        },
        {
          kind: "p",
          text: "Your open card is your signal. Because you may swap it at the end of every turn, it says: “this is the one I can use next.” Make the difference as big as the next player's open card, and they can balance the scale.",
        },
        {
          kind: "p",
          text: "**Computer team-mates** show their heaviest card at the start of a round (9 and 10 first, then lower numbers, then Ace, Jack, Queen) and after each of their turns the heaviest one they have not shown yet this round – so you learn one more card turn by turn. What they showed before and still hold is listed at their seat under “shown before”. Their open card says: “everything I hold hidden and never showed is lighter than this card.” On **Pro** (nothing open) they lead onto the empty scale on the left when their other cards are heavy on average (6 or more), else on the right; with three or four players they tip the scale only when every card they hold would, and of several cards of one rank they always play the lowest suit (♣ before ♦ before ♥ before ♠) – so one who plays the 7♥ holds neither the 7♣ nor the 7♦.",
        },
      ],
    },
    {
      id: "example",
      title: "A round to play along",
      blocks: [
        {
          kind: "p",
          text: "Anna and Ben play with two players, round 1, limit 8. Anna holds 7♣ 3♦ 5♠ 9♣ J♥ A♠ and shows the 3♦. Ben holds 4♥ 8♦ Q♣ 10♠ 2♣ 6♥ and shows the 4♥. Anna starts.",
        },
        {
          kind: "example",
          title: "Turn by turn (left : right)",
          numbered: true,
          lines: [
            "Anna puts the 7♣ left: 7 : 0.",
            "Ben puts his open 4♥ right: 7 : 4. He now shows the 2♣.",
            "Anna puts the 3♦ right: 7 : 7 – balance, the scale is emptied. Anna shows the 5♠.",
            "Opening with the 10♠ would tip the empty scale – 10 is more than the limit. Ben puts the 6♥ left instead: 6 : 0.",
            "Anna gets rid of her 9♣ while it still fits: right, 6 : 9.",
            "Ben puts the 2♣ right: 6 : 11. The difference is 5 – exactly Anna's open 5♠. Ben shows the 10♠.",
            "Anna puts the 5♠ left: 11 : 11 – balance. She shows the J♥.",
            "Ben puts the 8♦ left: 8 : 0. Exactly the limit is still allowed.",
            "Anna plays the J♥ and moves the 8♦ to the right: 0 : 8. Her last card, the A♠, is now open.",
            "Ben puts the 10♠ left: 10 : 8. His last card, the Q♣, is open.",
            "Anna puts the A♠ right as a counterweight. It weighs 2: 10 : 10 – balance.",
            "Ben plays the Q♣ on the empty scale; it does nothing. The round is over and the scale is empty: no life lost.",
          ],
        },
      ],
    },
    {
      id: "levels",
      title: "Levels",
      blocks: [
        {
          kind: "table",
          caption: "Levels",
          head: ["Level", "Lives", "Open cards"],
          rows: [
            ["Leicht (easy)", "4", "1"],
            ["Normal", "3", "1"],
            ["Schwer (hard)", "2", "1"],
            ["Profi", "3", "none – all cards stay hidden, the last one too"],
          ],
        },
        {
          kind: "p",
          text: "Goldwaage is new and little tested. If you win easily, go up a level; if you keep losing, go down one.",
        },
      ],
    },
    {
      id: "variants",
      title: "Variants",
      blocks: [
        { kind: "p", text: "All optional and combinable with any level:" },
        {
          kind: "list",
          items: [
            "**Open hands** (for learning): all cards lie face up – still no talking.",
            "**Two open cards** (easier): everyone shows two cards instead of one.",
            "**Calm scale:** the limit stays at 7 in all four rounds, at 8 with three or four players.",
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
            "Aim at the open cards: can you make the difference as big as the next player's open card?",
            "Show what you want to play next, and swap your open card when your plan changes.",
            "Get rid of nines and tens early – the limit only gets smaller.",
            "Keep aces, jacks and queens for the end of the round. They rescue a difference no number card can fix.",
            "Plan the last turns backwards. With two players, the last card is played by whoever did not start the round.",
          ],
        },
      ],
    },
  ],
};

export const goldwaage: Record<Lang, RulesDoc> = { de, en };
