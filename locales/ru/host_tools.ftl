# Инструменты Ведущего в идущей игре (issue 12): cogs/game/host_*.py, /ведущий время|решение|санкция…

cmd-host-time =
    .name = время
    .description = Сроки идущей игры
cmd-host-time-deadline =
    .name = срок
    .description = Изменить срок на всю игру или на один день
cmd-host-time-deadline-opt-kind =
    .name = что
    .description = Какой срок
cmd-host-time-deadline-opt-value =
    .name = значение
    .description = Время ЧЧ:ММ (быстрая игра: минуты)
cmd-host-time-deadline-opt-day =
    .name = день
    .description = Только этот день (и его ночь); пусто: вся игра
choice-kind-day = Дневные ходы
choice-kind-vote = Голосование
choice-kind-night = Ночь
cmd-host-time-outage =
    .name = форс-мажор
    .description = Форс-мажор: открыть голосование на 30–60 минут
cmd-host-time-outage-opt-minutes =
    .name = минут
    .description = Минут от сейчас (30–60)
cmd-host-time-pause =
    .name = пауза
    .description = Остановить часы: ни один срок не истекает
cmd-host-time-resume =
    .name = продолжить
    .description = Запустить часы: сроки сдвигаются на время паузы
cmd-host-time-opening =
    .name = открытие
    .description = Когда открываются следующие дни
cmd-host-time-opening-opt-value =
    .name = значение
    .description = Время ЧЧ:ММ (быстрая игра: минут после ночи); 0: сразу

host-log = 🛠 { $host }: { $what }
host-refused = Правила сейчас этого не позволяют: { $reason }
host-not-running = Эта игра не идёт.
host-paused = Игра на паузе: сначала продолжите её (/ведущий время продолжить).
host-not-paused = Игра не на паузе.
host-bad-time = «{ $value }» — не время: напишите ЧЧ:ММ, например 21:30.
host-bad-minutes = «{ $value }» — не число минут (от 1 до 10080): это быстрая игра.
host-day-over = День { $day } уже закончился.
host-deadline-past = Такой срок уже прошёл.
host-outage-not-day = Форс-мажор открывает голосование дня, а сейчас ночь.
host-outage-range = Новый срок должен быть через 30–60 минут от текущего момента.
host-day-not-open = День ещё не начался: он откроется в <t:{ NUMBER($until, useGrouping: 0) }:f>.

host-scope-game = на всю игру
host-scope-day = на день { $day }
host-kind-day-choices = дневных ходов
host-kind-vote = голосования
host-kind-night = ночных ходов
host-opens-at-once = сразу

host-note-deadline = ⏰ Ведущий изменил срок { $kind } { $scope }: { $until }.
host-note-outage = ⚡ Форс-мажор: голосование открыто до { $until }. Оно закроется, как только проголосуют все.
host-note-outage-closed = ⚡ Проголосовали все: голосование закрыто.
host-note-paused = ⏸ Ведущий поставил игру на паузу: сроки не истекают, пока игра не продолжится.
host-note-resumed = ▶ Игра продолжается. Срок: { $until }.
host-note-opening = 🌅 Теперь каждый день открывается: { $opens }.
host-note-day-opens = 🌅 Следующий день откроется в <t:{ NUMBER($at, useGrouping: 0) }:f>.
host-notes-title = **Изменения Ведущего**

host-done-deadline = Готово. Текущий срок теперь: { $until }.
host-done-outage = Готово: голосование открыто до <t:{ NUMBER($until, useGrouping: 0) }:f>.
host-done-pause = Пауза.
host-done-resume = Часы снова идут.
host-done-opening = Готово: следующие дни откроются, как вы задали.

host-log-deadline = срок { $kind } → { $value } (день { $day }; 0: вся игра)
host-log-outage = форс-мажор: голосование открыто на { $minutes } мин
host-log-pause = пауза
host-log-resume = продолжение
host-log-opening = открытие дня → { $value }

cmd-host-decide =
    .name = решение
    .description = Решения Ведущего о ходе игры
cmd-host-decide-continue =
    .name = продолжить
    .description = Город играет дальше при равенстве с мафией
cmd-host-decide-joint-win =
    .name = общая-победа
    .description = Общая победа преступных кланов
cmd-host-decide-zombie-head =
    .name = глава-зомби
    .description = Назначить нового главу орды
cmd-host-decide-zombie-head-opt-player =
    .name = игрок
    .description = Зомби из орды

host-not-player = Этот участник не играет в этой игре.
host-not-alive = Этот игрок уже не жив.
host-continue-refused = Игра при равенстве продолжается только в игре двух сторон.
host-continue-already = Город уже играет дальше при равенстве.
host-joint-win-refused = Для общей победы нужны оба клана в игре и никого больше в живых.
host-zombie-head-refused = Главой орды может быть только живой зомби.
host-note-continue = ⚖ Город показал путь к победе: Ведущий продолжает игру и при равенстве с мафией.
host-note-continued = ⚖ Мафия сравнялась с городом, но игра продолжается по решению Ведущего.
host-done-continue = Готово: при равенстве игра продолжится.
host-done-joint-win = Готово: преступные кланы побеждают вместе.
host-done-zombie-head = Готово: { $name } — глава орды.
host-continue = игра продолжается при равенстве
host-joint-win = общая победа преступных кланов
host-zombie-head = новый глава орды: { $who }

cmd-host-preview =
    .name = предпросмотр
    .description = Что будет, если подвести итоги фазы сейчас (видно только вам)
cmd-host-what-if =
    .name = что-если
    .description = Итоги фазы с предполагаемыми ходами (видно только вам)
cmd-host-what-if-opt-choices =
    .name = ходы
    .description = Например: Anna vote Dina; mafia shoot Gleb; Boris heal Gleb
cmd-host-log =
    .name = журнал
    .description = Все ходы и события игры (видно только вам)
cmd-host-log-opt-page =
    .name = страница
    .description = Страница (1: первая)

host-preview-title = 🔍 **Если подвести итоги фазы сейчас** (ничего не сохраняется):
host-preview-what-if = 🔍 **Что если** (ничего не сохраняется):
host-what-if-unreadable = Не понял «{ $part }»: пишите «имя действие цель», например Anna vote Dina; действия: shoot, heal, block, fire, choose, bite, hide, skip, protect, void, order, vote.
host-log-page = 📜 **Журнал игры**, страница { $page } из { $pages }
host-log-day = **День { $number }: ходы и голоса**
host-log-night = **Ночь { $number }: ходы**
host-log-events = **События**
host-log-preview = предпросмотр
host-log-what-if = что-если
host-log-log = просмотр журнала

cmd-host-sanction =
    .name = санкция
    .description = Санкции в идущей игре
cmd-host-sanction-warn =
    .name = предупреждение
    .description = Предупредить игрока
cmd-host-sanction-warn-opt-player =
    .name = игрок
    .description = Игрок
cmd-host-sanction-warn-opt-reason =
    .name = причина
    .description = За что
cmd-host-sanction-read-only =
    .name = ро
    .description = Режим «только чтение» на время
cmd-host-sanction-read-only-opt-player =
    .name = игрок
    .description = Игрок
cmd-host-sanction-read-only-opt-minutes =
    .name = минут
    .description = На сколько
cmd-host-sanction-cancel =
    .name = отмена-хода
    .description = Отменить следующий ход игрока или команды
cmd-host-sanction-cancel-opt-player =
    .name = игрок
    .description = Игрок
cmd-host-sanction-cancel-opt-team =
    .name = команда
    .description = Или команда
choice-team-mafia = Мафия
choice-team-maniacs = Маньяки
choice-team-zombies = Зомби
cmd-host-sanction-strip =
    .name = лишить-роли
    .description = Лишить роли: теперь мирный житель
cmd-host-sanction-strip-opt-player =
    .name = игрок
    .description = Игрок
cmd-host-sanction-autokill =
    .name = автокилл
    .description = Вывести игрока из игры сейчас
cmd-host-sanction-autokill-opt-player =
    .name = игрок
    .description = Игрок
cmd-host-sanction-disqualify =
    .name = дисквалификация
    .description = Дисквалифицировать игрока (и закрыть ему следующие игры здесь)
cmd-host-sanction-disqualify-opt-player =
    .name = игрок
    .description = Игрок
cmd-host-sanction-disqualify-opt-bar =
    .name = запрет
    .description = Запретить ему следующие игры на этом сервере

host-note-warn = ⚠ Ведущий предупреждает игрока { $name } (предупреждение { $number }): { $reason }.
host-dm-warn = ⚠ Ведущий вас предупреждает (предупреждение { $number } в этой игре): { $reason }.
host-note-read-only = 🔇 { $name } в режиме «только чтение» до <t:{ NUMBER($until, useGrouping: 0) }:f> по решению Ведущего.
host-dm-cancelled = ✋ По решению Ведущего ваш следующий ход отменён.
host-dm-vote-void = 🗳 Ваш голос за игрока { $name } аннулирован: Ведущий вывел этого игрока из игры. Проголосуйте снова до <t:{ NUMBER($until, useGrouping: 0) }:f>, иначе — автокилл.
host-cancel-which = Укажите игрока или команду — что-то одно.
host-barred = Вас дисквалифицировали в игре на этом сервере: записываться на его игры нельзя.
host-strip-refused = Этот игрок уже мирный житель.
host-autokill-refused = Этого игрока сейчас нельзя вывести из игры.
host-disqualify-refused = Этого игрока сейчас нельзя дисквалифицировать.
host-cancel-refused = Этот ход сейчас нельзя отменить.
host-done-warn = Готово: предупреждение { $number } — { $name }.
host-done-read-only = Готово: «только чтение» до <t:{ NUMBER($until, useGrouping: 0) }:f>.
host-done-cancel = Готово: следующий ход отменён; сообщено только этому игроку.
host-done-strip = Готово: { $name } теперь мирный житель; сообщено только этому игроку.
host-done-autokill = Готово: { $name } выбывает из игры.
host-done-disqualify = Готово: дисквалификация — { $name }.
host-warn = предупреждение { $who }: { $reason }
host-read-only = «только чтение»: { $who }, { $minutes } мин
host-cancel = следующий ход отменён: { $who }
host-strip = без роли, теперь мирный житель: { $who }
host-autokill = автокилл: { $who }
host-disqualify = дисквалификация: { $who }

cmd-host-sanction-morgue =
    .name = морг
    .description = Мёртвый игрок только читает морг
cmd-host-sanction-morgue-opt-player =
    .name = игрок
    .description = Мёртвый игрок
host-morgue-alive = Этот игрок жив, а морг — для мёртвых.
host-done-morgue = Готово: { $name } читает морг, но писать в нём не может.
host-morgue = «только чтение» в морге: { $who }
host-morgue-refused = Этому игроку нельзя закрыть морг.
host-log-breach = удалён пост мёртвого игрока вне морга (нарушение { $number })
sanct-morgue-living = Ваш пост в Морге удалён: живые пишут там, только чтобы поговорить с мёртвыми, — ответом на пост выбывшего игрока или с упоминанием выбывшего. Это не нарушение, наказания не будет.
sanct-breach-first = Ваш пост удалён: мёртвые пишут только в морге. В следующий раз — «только чтение» на 30 минут.
sanct-breach-read-only = Ваш пост удалён: мёртвые пишут только в морге. Нарушение { $number }: «только чтение» до <t:{ NUMBER($until, useGrouping: 0) }:f>.

# /host replace (issue 12): cogs/game/host_replace.py
cmd-host-replace =
    .name = замена
    .description = Замена: другой участник занимает место игрока, его роль и историю
cmd-host-replace-opt-player =
    .name = игрок
    .description = Игрок, который покидает игру
cmd-host-replace-opt-substitute =
    .name = замена
    .description = Участник, который занимает его место
host-replace-dead = Этот игрок уже не жив: заменить можно только живого игрока.
host-replace-plays = Замена уже играет в этой игре.
host-replace-bot = Бот не может играть.
host-replace-not-member = Замены нет на этом сервере.
host-note-replace = 🔁 Замена: { $old } покидает игру, персонажа { $name } дальше играет { $new }.
host-cabinet-replace = 🔁 Замена в этом кабинете: персонажа { $name } теперь играет { $new }, та же роль, та же история.
host-replace = замена: { $old } → { $new }
host-done-replace = Готово: { $new } теперь играет { $name }; карточка роли отправлена в личные сообщения.
host-done-replace-no-dm = Готово: { $new } теперь играет { $name }. Личные сообщения игрока закрыты: карточку можно увидеть командой /mafia role.

# R-SANCT-3, activity (issue 12): cogs/game/activity.py, /host activity, /host create activity
cmd-host-create-opt-activity =
    .name = активность
    .description = Сколько постов игрок должен написать за день (0: не требовать)
cmd-host-activity =
    .name = активность
    .description = Правило активности: сколько постов игрок должен написать за день
cmd-host-activity-count =
    .name = постов
    .description = Сколько постов игрок должен написать за день
cmd-host-activity-count-opt-posts =
    .name = постов
    .description = Сколько постов (голос считается за один)
cmd-host-activity-off =
    .name = выключить
    .description = Никого не выводить из игры за неактивность
activity-removed = 💤 { $name } выбывает из игры за неактивность: { $posts } из { $limit } { $limit ->
        [one] поста
       *[other] постов
    } за день (голос считается за один). Писать в Морге тоже нельзя.
activity-note-count = 💬 Активность: теперь игрок, написавший за игровой день меньше { $posts } { $posts ->
        [one] поста
       *[other] постов
    } (голос считается за один), выбывает из игры в конце дня.
activity-note-off = 💬 Активность: Ведущий отключил правило; за неактивность из игры никто не выбывает.
activity-log = порог активности → { $posts } (0: выключен)
activity-done = Готово: { $posts ->
    [0] правило активности выключено.
    [one] { $posts } пост в день (голос считается за один).
    [few] { $posts } поста в день (голос считается за один).
   *[many] { $posts } постов в день (голос считается за один).
}
activity-same = Так уже установлено.
activity-unseen = Бот не получает сообщения сервера (интент Guild Messages): посты не считаются, и за неактивность никто не выбывает.
host-stuck = ⚠️ Игра, возможно, застряла: { $days ->
        [one] { $days } игровой день
        [few] { $days } игровых дня
       *[many] { $days } игровых дней
    } подряд никто не выбывает. Сами правила игру не закончат; вы можете завершить её (`/ведущий завершить`) или решить исход (`/ведущий решение`).
note-left-server = { $name } больше нет на сервере: игрок выбывает из игры.
host-log-left-server = 🚪 { $who } больше нет на сервере: игрок выбывает из игры (как при автокилле), голоса за него сегодня аннулированы.

# R-NIGHT-5c / R-LIFE-3: /host create multifunctional_child (cogs/host/lobby.py)
cmd-host-create-opt-multifunctional_child =
    .name = многофункциональное_дитя
    .description = Выстрел Копа делает Дитя помощником Копа
