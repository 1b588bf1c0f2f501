# Statistics and ratings (issue 22): /mafia stats, /mafia top (cogs/stats), the rating in the end's DM.

cmd-mafia-stats =
    .name = stats
    .description = A player's games, wins, roles and rating on this server
cmd-mafia-stats-opt-member =
    .name = member
    .description = Whose record (yours if not given)
cmd-mafia-stats-opt-game =
    .name = game
    .description = Which game: both, the forum game or the quick game
cmd-mafia-stats-opt-public =
    .name = public
    .description = Show it in the channel (only you see it otherwise)
cmd-mafia-top =
    .name = top
    .description = The server's leaderboard by rating
cmd-mafia-top-opt-game =
    .name = game
    .description = Which game: both, the forum game or the quick game
cmd-mafia-top-opt-period =
    .name = period
    .description = Over which time: all of it, the last 30 or 7 days
cmd-mafia-top-opt-public =
    .name = public
    .description = Show it in the channel (only you see it otherwise)

choice-stats-game-all = Both games
choice-stats-game-forum = Forum game
choice-stats-game-chat = Quick game
choice-stats-period-all = All time
choice-stats-period-month = 30 days
choice-stats-period-week = 7 days

stats-title-all = Statistics: both games
stats-title-forum = Statistics: the forum game
stats-title-chat = Statistics: the quick game
stats-none = { $member } has no game played to the end yet.
stats-summary = { $member }: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    } ({ $percent }%), alive at the end in { $survived }.
stats-field-games = By game
stats-field-sides = By side
stats-field-roles = By role (the card dealt)
stats-field-had = Roles held
stats-field-facts = What the log shows
stats-field-streaks = Streaks
stats-tally = { $name }: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }
stats-rating = , rating { $rating }
stats-game-all = In all: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }{ $rating }
stats-game-forum = Forum game: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }{ $rating }
stats-game-chat = Quick game: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }{ $rating }
stats-had = { $name } — in { $games ->
        [one] { $games } game
       *[other] { $games } games
    }
stats-cop-hits = The cop's shots that killed a criminal: { $count }
stats-checks-found = Checks that found a criminal: { $count }
stats-saves = The doctor's saves: { $count }
stats-streak-wins = Wins in a row now: { $count }
stats-streak-losses = Losses in a row now: { $count }
stats-streak-best = Best winning streak: { $count }

top-title-all = Leaderboard: both games
top-title-forum = Leaderboard: the forum game
top-title-chat = Leaderboard: the quick game
top-period-all = By rating, all time.
top-period-month = By rating gained in the last 30 days.
top-period-week = By rating gained in the last 7 days.
top-line = **{ $place }.** { $member } — { $rating } · { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }
top-line-period = **{ $place }.** { $member } — { $gained } (rating { $rating }) · { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }
top-empty = Nobody has played a game to the end yet.
top-page = Page { $page } of { $pages }

summary-rating = Rating: { $before } → { $after } ({ $change }).

# The quick game's roles and sides that the forum game has not (its own catalogue, when there,
# names them first: quick-role-*).
stats-chat-role-commissar = Commissar Cattani
stats-chat-role-sergeant = Sergeant
stats-chat-role-mistress = Mistress
stats-chat-role-lucky = Lucky
stats-chat-role-journalist = Journalist
stats-chat-role-killer = Killer
stats-chat-role-werewolf = Werewolf
stats-chat-role-suicide = Suicide
stats-chat-side-suicide = Suicide
stats-chat-side-none = No side
