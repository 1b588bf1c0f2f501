# Slash commands: names, descriptions, options and choices (see locales/translator.py for the keys).
# Names: lowercase, letters, digits, - and _ only, at most 32 characters. Descriptions: at most 100.

cmd-mafia =
    .name = mafia
    .description = Mafia: the game's rules and the bot's commands

cmd-mafia-help =
    .name = help
    .description = How to play and which commands there are

cmd-mafia-help-opt-section =
    .name = section
    .description = What to show: the game, the roles or the commands

choice-help-game = The game
choice-help-roles = Roles
choice-help-commands = Commands

cmd-mafia-join =
    .name = join
    .description = Sign up for the open game
cmd-mafia-join-opt-name =
    .name = name
    .description = Your character's name in the game
cmd-mafia-leave =
    .name = leave
    .description = Leave the signup
cmd-mafia-players =
    .name = players
    .description = Who has signed up

cmd-host =
    .name = host
    .description = The host's commands: open and run a game
cmd-host-create =
    .name = create
    .description = Open a game for signup here
cmd-host-create-opt-mode =
    .name = mode
    .description = Two sides (town against mafia) or three (with the maniacs)
cmd-host-create-opt-timing =
    .name = timing
    .description = By the clock (votes at 21:00) or a fast game by durations
cmd-host-create-opt-title =
    .name = title
    .description = The game's name
cmd-host-create-opt-day_minutes =
    .name = day_minutes
    .description = Fast game: minutes for the day's vote
cmd-host-create-opt-night_minutes =
    .name = night_minutes
    .description = Fast game: minutes for the night
cmd-host-create-opt-acquaintance_minutes =
    .name = acquaintance_minutes
    .description = Minutes of acquaintance before day 1 (0: none)
choice-mode-two = Two sides
choice-mode-three = Three sides
choice-timing-clock = By the clock
choice-timing-fast = Fast
cmd-host-kick =
    .name = kick
    .description = Remove a player from the signup
cmd-host-kick-opt-player =
    .name = player
    .description = The player to remove
cmd-mafia-role =
    .name = role
    .description = My role card again
cmd-host-start =
    .name = start
    .description = Deal the roles and begin
cmd-host-end =
    .name = end
    .description = End the game now and reveal it
