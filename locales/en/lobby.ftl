# The lobby (R-LIFE-1): the public signup post and the answers to joining (cogs/game/lobby_post.py).

lobby-title = { $title } — signup
lobby-untitled = Game #{ $id }
lobby-mode-two-sided = Two sides: the town against the mafia.
lobby-mode-three-sided = Three sides: the town, the mafia and the maniacs.
lobby-timing-clock = By the clock ({ $zone }): day choices until 13:00, votes until 21:00, the night until 22:00.
lobby-timing-fast = A fast game: the day's vote { $day } min, the night { $night } min.
lobby-host = Host: { $host }
lobby-players = { $count ->
        [one] { $count } player signed up:
       *[other] { $count } players signed up:
    }
lobby-nobody = Nobody has signed up yet.
lobby-how = Press **Join** and give your character's name, or use `/mafia join`.
lobby-join = Join
lobby-leave = Leave
lobby-name-title = Your character
lobby-name-label = Character name
lobby-joined = You are signed up as **{ $name }** (no. { $number }).
lobby-dm-test = You are signed up as { $name }. Your role card will come here, in these DMs, at the start.
lobby-dm-closed = The bot cannot send you DMs: your role card would not reach you. Allow direct messages from this server's members (the server's Privacy settings), or use `/mafia role` once the game starts.
lobby-left = You left the signup.
lobby-created = The lobby is open: { $link }
lobby-kicked = { $name } was removed from the signup.

error-bad-mode = Unknown game mode: choose two sides or three.
error-lobby-exists = A game is already open for signup in this channel.
error-which-lobby = Several games are open for signup: use the command in the channel of the one you mean.
error-which-game = Several games are running here: use the command in a channel of the one you mean.
error-no-lobby = No game is open for signup on this server.
error-not-host = Only the game's host (or a server host) may do that.
error-not-in-lobby = That member has not signed up for this game.
