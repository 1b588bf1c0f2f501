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
refused-no_gun = You do not hold that gun.
refused-night_cancelled = The night is cancelled, the town mourns: no night choices this time.
refused-unknown_player = There is no player of that name in this game.
