# Slash commands: names, descriptions, options and choices (see locales/translator.py for the keys).
# Names: lowercase, letters, digits, - and _ only, at most 32 characters. Descriptions: at most 100.

cmd-mafia =
    .name = мафия
    .description = Мафия: правила игры и команды бота

cmd-mafia-help =
    .name = помощь
    .description = Как играть и какие есть команды

cmd-mafia-help-opt-section =
    .name = раздел
    .description = Что показать: игру, роли или команды

choice-help-game = Игра
choice-help-roles = Роли
choice-help-commands = Команды
