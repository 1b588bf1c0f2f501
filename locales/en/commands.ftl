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
