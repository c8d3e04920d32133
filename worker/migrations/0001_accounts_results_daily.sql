-- Spielcenter D1 schema: accounts, ratings, Taler, results and archive, records, the daily game.
-- Applied by `npm start` (wrangler d1 migrations apply --local) and by the workers tests.

-- A guest account: no password; its tokens and its recovery code are stored only as SHA-256 hashes.
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  name TEXT,
  -- The name's uniqueness key: NFC, lower case.
  name_key TEXT UNIQUE,
  recovery_hash TEXT NOT NULL UNIQUE,
  points INTEGER NOT NULL DEFAULT 0,
  elo REAL NOT NULL DEFAULT 1500,
  rated_games INTEGER NOT NULL DEFAULT 0,
  taler INTEGER NOT NULL DEFAULT 1000 CHECK (taler >= 0),
  created_at INTEGER NOT NULL
);

-- One row per device: the bearer token's hash.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  created_at INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions(account_id);

-- Every Taler movement, including the 1000 an account starts with: SUM(delta) per account = accounts.taler.
CREATE TABLE ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  delta INTEGER NOT NULL,
  reason TEXT NOT NULL,
  room TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX ledger_account ON ledger(account_id, id);

-- Rooms the Worker created, with the account at each seat (an invited seat gets its account when claimed).
CREATE TABLE games (
  room TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  rated INTEGER NOT NULL DEFAULT 0,
  stake INTEGER NOT NULL DEFAULT 0,
  ruleset TEXT NOT NULL,
  variant TEXT NOT NULL,
  level TEXT,
  account0 TEXT,
  account1 TEXT,
  invite_hash TEXT UNIQUE,
  invite_seat INTEGER,
  invite_claimed INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

-- One row per finished game, written once (the room is the key): what the Worker decided and the full log (the archive).
CREATE TABLE results (
  room TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  rated INTEGER NOT NULL,
  counted INTEGER NOT NULL,
  ruleset TEXT NOT NULL,
  variant TEXT NOT NULL,
  level TEXT,
  account0 TEXT,
  account1 TEXT,
  winner INTEGER,
  draw INTEGER NOT NULL,
  reason TEXT NOT NULL,
  report TEXT NOT NULL,
  outcome TEXT NOT NULL,
  log TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER NOT NULL
);
CREATE INDEX results_account0 ON results(account0, finished_at);
CREATE INDEX results_account1 ON results(account1, finished_at);

-- "Bilanz": wins, losses and draws per game (rule set), level, role (conte, maske, profi) and help used.
CREATE TABLE records (
  account_id TEXT NOT NULL,
  game TEXT NOT NULL,
  level TEXT NOT NULL,
  role TEXT NOT NULL,
  helped INTEGER NOT NULL,
  wins INTEGER NOT NULL DEFAULT 0,
  losses INTEGER NOT NULL DEFAULT 0,
  draws INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, game, level, role, helped)
);

-- Daily attempts: the n-th attempt of an account on a day (1 = the one on the main board).
CREATE TABLE daily_attempts (
  room TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  date TEXT NOT NULL,
  role TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (account_id, date, attempt)
);

-- The daily boards: board 'first' (the day's first attempt) and 'best' (the best attempt without help), per day and role.
-- Order: reached DESC, k1 ASC, k2 ASC, finished_at ASC (see worker/daily-score.ts).
CREATE TABLE daily_board (
  date TEXT NOT NULL,
  role TEXT NOT NULL,
  board TEXT NOT NULL,
  account_id TEXT NOT NULL,
  room TEXT NOT NULL,
  reached INTEGER NOT NULL,
  k1 REAL NOT NULL,
  k2 REAL NOT NULL,
  finished_at INTEGER NOT NULL,
  score INTEGER,
  rounds INTEGER NOT NULL,
  mirror INTEGER NOT NULL,
  PRIMARY KEY (date, role, board, account_id)
);
CREATE INDEX daily_board_order ON daily_board(date, role, board, reached DESC, k1, k2, finished_at);
