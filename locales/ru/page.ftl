# Страница игры после окончания (cogs/game/page) и картинка города (cogs/game/town).

## Сообщение со страницей в ветке после игры
page-post = Вся игра на одной странице: скачайте файл и откройте его в браузере (работает без интернета).
page-file-description = Вся игра: состав, каждый день и каждая ночь, победитель и доказательство жеребьёвки.
page-game = Игра №{ $number }

## Страница
page-heading = Вся игра после её окончания
page-result = Итог
page-winner = Победа: { $side }
page-winners = Совместная победа: { $side } и { $side1 }
page-no-winner = Победителя нет
page-ended-by-host = Ведущий завершил игру досрочно.
page-cast = Состав
page-col-number = №
page-col-name = Игрок
page-col-role = Роль · сторона
page-col-fate = Судьба
page-col-result = Итог
page-won = победа
page-lost = поражение
page-fate-alive = в живых до конца
page-fate-gone = вне игры
page-fate-out = { $when }: { $cause }
page-timeline = День за днём, ночь за ночью
page-day = День { $number }
page-night = Ночь { $number }
page-other = Другие события
page-choice = { $actor } — { $verb }: { $target }
page-choice-none = { $actor } — { $verb }
page-won-line = { $winner } — { $why }.
page-quiet = Ничего не произошло.
page-col-voter = Кто голосовал
page-col-vote = Против кого
page-vote-ordered = по приказу: { $by }
page-vote-void = голос не засчитан
page-tally = Подсчёт
page-tally-entry = { $who } — { $count ->
        [one] { $count } голос
        [few] { $count } голоса
       *[many] { $count } голосов
    }
page-proof = Доказательство жеребьёвки
page-proof-explain = До игры бот опубликовал обязательство — хеш зерна, игры, списка ролей и игроков в порядке записи. Теперь зерно раскрыто, и любой может пересчитать и обязательство, и раздачу (алгоритм описан в docs/draw.md в исходниках бота).
page-commitment = Обязательство
page-seed = Зерно
page-check = Проверить раздачу по исходникам бота:
page-footer = Составлено ботом «Мафия» по журналу игры в момент её окончания.

## Картинка города
town-title-day = День { $number }: город утром
town-title-end = Конец игры: все роли
town-alive = в игре
town-dead = вне игры
