# Запись на игру (R-LIFE-1): публичный пост записи и ответы на запись (cogs/game/lobby_post.py).

lobby-title = { $title } — запись
lobby-untitled = Игра №{ $id }
lobby-mode-two-sided = Две стороны: город против мафии.
lobby-mode-three-sided = Три стороны: город, мафия и маньяки.
lobby-timing-clock = По часам ({ $zone }): дневные ходы до 13:00, голосование до 21:00, ночь до 22:00.
lobby-timing-fast = Быстрая игра: голосование дня { $day } мин, ночь { $night } мин.
lobby-host = Ведущий: { $host }
lobby-players = Записались ({ $count }):
lobby-nobody = Пока никто не записался.
lobby-how = Нажмите **Записаться** и назовите своего персонажа, или используйте `/мафия записаться`.
lobby-join = Записаться
lobby-leave = Выписаться
lobby-name-title = Ваш персонаж
lobby-name-label = Имя персонажа
lobby-joined = Вы записаны как **{ $name }** (№{ $number }).
lobby-left = Вы выписались из игры.
lobby-created = Запись открыта: { $link }
lobby-kicked = { $name } убран(а) из записи.

error-bad-mode = Неизвестный режим игры: выберите две или три стороны.
error-lobby-exists = В этом канале уже открыта запись на игру.
error-which-lobby = Открыто несколько записей: используйте команду в канале нужной игры.
error-no-lobby = На этом сервере нет открытой записи на игру.
error-not-host = Это может только Ведущий игры (или ведущий сервера).
error-not-in-lobby = Этот участник не записан на эту игру.
