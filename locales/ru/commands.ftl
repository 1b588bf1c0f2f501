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

cmd-mafia-join =
    .name = записаться
    .description = Записаться на открытую игру
cmd-mafia-join-opt-name =
    .name = имя
    .description = Имя вашего персонажа в игре
cmd-mafia-leave =
    .name = выписаться
    .description = Отказаться от записи
cmd-mafia-players =
    .name = игроки
    .description = Кто записался

cmd-host =
    .name = ведущий
    .description = Команды Ведущего: открыть и вести игру
cmd-host-create =
    .name = создать
    .description = Открыть запись на игру в этом канале
cmd-host-create-opt-mode =
    .name = режим
    .description = Две стороны (город против мафии) или три (с маньяками)
cmd-host-create-opt-timing =
    .name = время
    .description = По часам (голосование до 21:00) или быстрая игра по длительностям
cmd-host-create-opt-title =
    .name = название
    .description = Название игры
cmd-host-create-opt-day_minutes =
    .name = минут_дня
    .description = Быстрая игра: минут на голосование дня
cmd-host-create-opt-night_minutes =
    .name = минут_ночи
    .description = Быстрая игра: минут на ночь
cmd-host-create-opt-acquaintance_minutes =
    .name = минут_знакомства
    .description = Минут знакомства перед первым днём (0: без знакомства)
choice-mode-two = Две стороны
choice-mode-three = Три стороны
choice-timing-clock = По часам
choice-timing-fast = Быстрая
cmd-host-kick =
    .name = исключить
    .description = Убрать игрока из записи
cmd-host-kick-opt-player =
    .name = игрок
    .description = Кого убрать
cmd-mafia-role =
    .name = роль
    .description = Моя карточка роли
cmd-host-start =
    .name = начать
    .description = Раздать роли и начать игру
cmd-host-end =
    .name = завершить
    .description = Завершить игру сейчас и раскрыть роли
