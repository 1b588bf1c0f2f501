# The engine's events as sentences (cogs/game/render.py). Public lines never name a role or a
# cause of a night death: they are built from engine.public_view only.

## Public
event-died = { $who } was found dead.
event-left = { $who } leaves the town by the vote.
event-left-autokilled = { $who } leaves the town by the vote, and, having cast no vote, counts as autokilled too.
event-autokilled = { $who } is out of the game: autokill.
event-autokilled-no-vote = { $who } is out of the game: autokilled for not voting.
results-nobody-tie = Nobody leaves the town: a tie for the lead ({ $names }).
results-nobody-no-votes = Nobody leaves the town: not a single vote counted.
results-nobody-protected-tie = Nobody leaves the town: the leader, { $who }, is under the lawyer's protection, and second place is tied.
results-nobody-protected-alone = Nobody leaves the town: the leader, { $who }, is under the lawyer's protection, and nobody else has a vote.
event-disqualified = { $who } was disqualified by the host.
event-vote = { $voter } votes: { $target }.
event-vote-voided = { $voter }'s vote does not count today.
event-day-protect = { $target } is under protection today.
event-day-void = { $target }'s vote is voided today.
event-vote-counted = The count: { $tally }.
event-tally-entry = { $who } — { $count ->
        [one] { $count } vote
       *[other] { $count } votes
    }
event-won = The game is over: { $faction } win ({ $reason }).
event-won-joint = The game is over: { $faction } and { $faction1 } win together ({ $reason }).

## Private (a DM or a cabinet)
event-learned = You learned: { $about } is { $what }.
event-learned-role = You learned: { $about }'s role is { $what }.
event-role-changed = Your role is now { $role } ({ $faction }).
event-converted = You joined { $cabinet }.
event-left-cabinet = You left { $cabinet }.
event-block-hit = Your block hit: { $target } was stopped tonight.
event-block-miss = Your block stopped nothing: your target ({ $target }) had no move.
event-gun-stolen = You took { $gun }: it is yours for the next night (in your move prompt, and in the “gun” field of `/mafia act`).
event-vote-taken = You hold { $hobo }'s vote on day { $day }: order it.
event-gun-inherited = The cop's gun is yours now.
event-zombie-head = You now lead the zombies.
event-you-were-child = Now you know your role: you were the Mafia's Child. The day's results say so.
event-you-died = You are out of the game: you can no longer vote or act. The dead talk only in the morgue.
event-you-disqualified = The host disqualified you: you are out of the game and may not write in the morgue either.
event-you-autokilled = You are out of the game: autokilled. You may not post in the game's channels, the morgue included.
event-you-autokilled-no-vote = You are out of the game: autokilled because you did not vote. You may not post in the game's channels, the morgue included.
# a cabinet mate on the role card (R-NIGHT-16: mates know each other's roles)
card-mate = { $name } ({ $role })
card-zombie-head = You are the head of the horde: the zombies' night shot is yours to give.

## The host's log: everything
host-died = { $who } is out: { $cause }.
host-vote-ordered = { $voter } votes: { $target } (ordered by { $by }).
host-day-choice = { $actor }: { $verb } { $target }.
host-action = Host: { $action } { $target }.
host-told = Told { $who }: “{ $what }”
host-event = Event: { $event }.

## Terms
gun-cop = the cop's gun
gun-sniper = the sniper's gun
gun-mafia = the mafia's gun
gun-maniacs = the maniacs' gun
gun-maniac = the lone maniac's gun
gun-zombie = the zombies' gun
cabinet-cop = the cop's cabinet
cabinet-mafia = the mafia's cabinet
cabinet-maniacs = the maniacs' cabinet
cabinet-zombies = the horde
cause-cop = the cop's bullet
cause-sniper = the sniper's bullet
cause-mafia = the mafia's bullet
cause-maniacs = the maniacs' bullet
cause-maniac = the lone maniac's bullet
cause-zombie = the zombies' bite
cause-kamikaze = taken along by the kamikaze
cause-exploded = the kamikaze exploded
cause-recoil = recoil
cause-duel = the vampire's duel
cause-sanction = a team without a night choice
cause-vote = the vote
cause-autokill = autokill
cause-disqualified = disqualified
cause-undisclosed = undisclosed
# the quick chat game (CHAT-GAME.md)
cause-killer = the killer's knife
cause-asleep = fell asleep for ever
cause-leave = left the game
host-role-changed = { $who } is now { $role } ({ $faction }); told.
host-role-changed-untold = { $who } is now { $role } ({ $faction }); not told.

## Why a game ended (R-WIN), in words: players and the host see no rule ids
win-reason = { $why }
win-R-WIN-1 = every criminal is dead
win-R-WIN-2 = the mafia is as many as the town
win-R-WIN-3 = the lone maniac is one of the last two
win-R-WIN-4 = both other sides are dead
win-R-WIN-6a = two left in the morning: the lawyer or bouncer against a criminal
win-R-WIN-6b = two left in the morning: a shooter against a criminal with the basement
win-R-WIN-6c = two left in the morning: the woodman against a criminal
win-R-WIN-6d = two left in the morning: a criminal against the hobo
win-R-WIN-6e = two left in the morning: a zombie against the woodman
win-R-WIN-7 = nobody is left alive
win-horde-alone = only the zombies are left
win-host-R-WIN-4 = the host declared the criminals' joint win
