-- "Sign out other devices" counts up the account's session generation: a Wartesaal ticket carries the generation it was
-- issued in, and the lobby refuses a ticket (and closes the sockets) of an earlier one (a fresh-eyes attack: a device
-- signed out kept its lobby socket, accepted a staked challenge and played it).
ALTER TABLE accounts ADD COLUMN sessions_gen INTEGER NOT NULL DEFAULT 0;
