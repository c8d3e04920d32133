import { describeRandomGames } from "./properties.js";

describeRandomGames("battlemaske");
