import { describeRandomGames } from "./properties.js";

describeRandomGames("zwiegespalten");
