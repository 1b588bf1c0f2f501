# Refusals: the specific "no" for an action the game does not allow (cogs/support/refusals.py).
# Shown only to the user who acted (ephemeral), so naming his own powers reveals nothing.

## The rules (engine.check; the closed list of scenarios/FORMAT.md): refused-<code>
refused-not_alive = Only living players act, and only on living players: that one is out of the game.
refused-no_power = You have no such choice now: your role does not give it in this phase.
refused-self_vote = You cannot vote for yourself.
refused-same_target_twice = You cannot choose the same player as last time: pick someone else.
refused-own_team = You cannot shoot your own team or yourself.
refused-already_used = You have already used that: it cannot be used or changed again (votes cannot be changed).
refused-vote_controlled = Your vote today is ordered: you cannot vote otherwise.
refused-no_gun = You do not hold that gun this night.
refused-night_cancelled = The night is cancelled, the town mourns: no night choices this time.
refused-unknown_player = There is no player of that name in this game.
# the quick chat game (CHAT-GAME.md section 8)
refused-self_target = Your role cannot choose yourself.
refused-blocked = The mistress visited you last night: you cannot vote today.
refused-own_confirmation = You are the candidate: you cannot vote on your own hanging.

## The game's records (db.errors.GameError subclasses): refusal-<code>
refusal-game_error = The game refused that.
refusal-game_not_found = That game no longer exists: the button or command is out of date.
refusal-signup_closed = Signup for this game is closed.
refusal-game_not_running = The game is not running: it has not started yet, or it is over.
refusal-already_signed_up = You are already signed up for this game.
refusal-not_signed_up = You are not signed up for this game.
refusal-name_taken = That name is taken, or too like “{ $taken_by }”: choose another.
refusal-bad_name = { $problem ->
    [markup] That name cannot be used: it may have only letters, digits, spaces and simple punctuation: hyphen, apostrophe, full stop, comma, ! ? and round brackets. No Discord markdown, mentions or links.
   *[other] That name cannot be used: it needs a letter, at most { $max_length } characters, and no invisible or control characters.
}
refusal-out_of_game = You are out of the game: you can no longer vote or act.
refusal-already_voted = You already voted today: votes cannot be changed.
refusal-phase_closed = That phase is over: this was for a day or night that has ended.
refusal-deadline_passed = Too late: the deadline was <t:{ NUMBER($deadline, useGrouping: 0) }:t>, and it counts by when you acted.
refusal-stale_version = The game changed at that very moment: please try again.
refusal-seed_secret = The draw's seed is revealed only when the game is over.
