# Statistics and ratings (issue 22): /mafia stats, /mafia top (cogs/stats), the rating in the end's DM.

cmd-mafia-stats =
    .name = статистика
    .description = Игры, победы, роли и рейтинг игрока на этом сервере
cmd-mafia-stats-opt-member =
    .name = участник
    .description = Чья статистика (ваша, если не указан)
cmd-mafia-stats-opt-game =
    .name = игра
    .description = Какая игра: обе, форумная или быстрая
cmd-mafia-stats-opt-public =
    .name = публично
    .description = Показать в канале (иначе видите только вы)
cmd-mafia-top =
    .name = топ
    .description = Таблица лидеров сервера по рейтингу
cmd-mafia-top-opt-game =
    .name = игра
    .description = Какая игра: обе, форумная или быстрая
cmd-mafia-top-opt-period =
    .name = период
    .description = За какое время: за всё, за последние 30 или 7 дней
cmd-mafia-top-opt-public =
    .name = публично
    .description = Показать в канале (иначе видите только вы)

choice-stats-game-all = Обе игры
choice-stats-game-forum = Форумная игра
choice-stats-game-chat = Быстрая игра
choice-stats-period-all = За всё время
choice-stats-period-month = 30 дней
choice-stats-period-week = 7 дней

stats-title-all = Статистика: обе игры
stats-title-forum = Статистика: форумная игра
stats-title-chat = Статистика: быстрая игра
stats-none = У игрока { $member } пока нет сыгранных до конца игр.
stats-summary = Игрок { $member }: { $games ->
        [one] { $games } игра
        [few] { $games } игры
       *[many] { $games } игр
    }, { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
       *[many] { $wins } побед
    } ({ $percent }%), в живых к концу — { $survived }.
stats-field-games = По играм
stats-field-sides = По сторонам
stats-field-roles = По ролям (выпавшая карта)
stats-field-had = Какие роли были
stats-field-facts = Что точно сделано
stats-field-streaks = Серии
stats-tally = { $name }: { $games ->
        [one] { $games } игра
        [few] { $games } игры
       *[many] { $games } игр
    }, { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
       *[many] { $wins } побед
    }
stats-rating = , рейтинг { $rating }
stats-game-all = Всего: { $games ->
        [one] { $games } игра
        [few] { $games } игры
       *[many] { $games } игр
    }, { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
       *[many] { $wins } побед
    }{ $rating }
stats-game-forum = Форумная игра: { $games ->
        [one] { $games } игра
        [few] { $games } игры
       *[many] { $games } игр
    }, { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
       *[many] { $wins } побед
    }{ $rating }
stats-game-chat = Быстрая игра: { $games ->
        [one] { $games } игра
        [few] { $games } игры
       *[many] { $games } игр
    }, { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
       *[many] { $wins } побед
    }{ $rating }
stats-had = { $name } — { $games ->
        [one] в { $games } игре
       *[other] в { $games } играх
    }
stats-cop-hits = Выстрелы Комиссара по преступникам: { $count }
stats-checks-found = Проверки, нашедшие преступника: { $count }
stats-saves = Спасения Доктора: { $count }
stats-streak-wins = Сейчас побед подряд: { $count }
stats-streak-losses = Сейчас поражений подряд: { $count }
stats-streak-best = Лучшая серия побед: { $count }

top-title-all = Лидеры: обе игры
top-title-forum = Лидеры: форумная игра
top-title-chat = Лидеры: быстрая игра
top-period-all = По рейтингу за всё время.
top-period-month = По приросту рейтинга за последние 30 дней.
top-period-week = По приросту рейтинга за последние 7 дней.
top-line = **{ $place }.** { $member } — { $rating } · { $games ->
        [one] { $games } игра
        [few] { $games } игры
       *[many] { $games } игр
    }, { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
       *[many] { $wins } побед
    }
top-line-period = **{ $place }.** { $member } — { $gained } (рейтинг { $rating }) · { $games ->
        [one] { $games } игра
        [few] { $games } игры
       *[many] { $games } игр
    }, { $wins ->
        [one] { $wins } победа
        [few] { $wins } победы
       *[many] { $wins } побед
    }
top-empty = Пока никто не сыграл ни одной игры до конца.
top-page = Страница { $page } из { $pages }

summary-rating = Рейтинг: { $before } → { $after } ({ $change }).

# The quick game's roles and sides that the forum game has not (its own catalogue, when there,
# names them first: quick-role-*).
stats-chat-role-commissar = Комиссар Каттани
stats-chat-role-sergeant = Сержант
stats-chat-role-mistress = Любовница
stats-chat-role-lucky = Счастливчик
stats-chat-role-journalist = Журналист
stats-chat-role-killer = Убийца
stats-chat-role-werewolf = Оборотень
stats-chat-role-suicide = Самоубийца
stats-chat-side-suicide = Самоубийца
stats-chat-side-none = Без стороны
