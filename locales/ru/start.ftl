# Начало игры: список ролей (R-BAL), жеребьёвка (R-LIFE-3), карточки ролей; досрочный конец.

error-already-started = Эта игра уже началась.
error-too-few-players = Слишком мало игроков: записались { $count }, нужно не меньше { $min }.
error-game-over = Эта игра уже закончилась.
error-no-game = Здесь нет игры: используйте команду в канале игры.
error-balance = Список ролей не подходит: { $problems }.

balance-unknown_mode = неизвестный режим
balance-player_count_mismatch = ролей в списке не столько, сколько игроков
balance-too_few_players = слишком мало игроков для этого режима
balance-unknown_role = неизвестная роль { $detail }
balance-wrong_faction = { $detail } не может начинать в этой стороне
balance-missing_team = нет команды { $detail }
balance-no_don = у команды { $detail } нет дона
balance-several_dons = у команды { $detail } больше одного дона
balance-unequal_teams = команды преступников разного размера
balance-maniac_in_three_sided = маньяк-одиночка играет только в двусторонней игре
balance-maniacs_team_in_two_sided = команда маньяков играет только в трёхсторонней игре
balance-assistant_without_cop = помощнику нужен комиссар
balance-duplicate_role = роль { $detail } указана дважды
balance-zombie_needs_over_25 = зомби вводится только в игры больше 25 игроков
balance-no_town = нет мирных
balance-criminals_already_winning = преступники победили бы сразу
balance-basement_without_team = подвал для команды { $detail }, которой нет в игре
balance-no_preset = нет готового набора для такого числа игроков
balance-too_many_extras = слишком много дополнительных ролей для такого числа игроков

start-commitment = **Жеребьёвка запечатана.** Обязательство (SHA-256): `{ $commitment }` — после игры будет раскрыто зерно, и любой сможет проверить раздачу.
start-day-one = **Начинается день 1.** Голосование до <t:{ NUMBER($until, useGrouping: 0) }:f> (<t:{ NUMBER($until, useGrouping: 0) }:R>).
start-started = Игра началась: игроков { $count }, карточки ролей разосланы.
start-dm-closed = { $player }, карточку роли не удалось отправить: ваши личные сообщения закрыты. Посмотрите её командой `/мафия роль`.
start-dm-closed-host = Карточки не доставлены (закрыты ЛС): { $players }.
card-title = Ваша роль: { $role }
card-faction = Сторона: { $faction }
card-game = Игра: { $game }
card-mates = Ваш кабинет: { $mates }
card-powers-citizen = Ночного хода нет: ищите преступников в обсуждении и голосованием.
card-powers-cop = Каждую ночь: выстрел из пистолета Комиссара (или пропуск).
card-powers-assistant = Кабинет Комиссара: если Комиссара не станет, пистолет перейдёт к вам.
card-powers-doctor = Каждую ночь: лечение игрока (не одного и того же две ночи подряд).
card-powers-child = Мирный житель, пока в вас не выстрелят преступники: тогда вы переходите к ним.
card-powers-lawyer = Каждый день до 13:00: защита игрока от голосования (не одного и того же дважды подряд).
card-powers-bouncer = Каждый день до 13:00: аннулировать голос игрока (не одного и того же дважды подряд).
card-powers-sniper = Каждую ночь: выстрел из пистолета Снайпера.
card-powers-woodman = Каждую ночь: блок игрока; пистолеты стрелявших в вас — ваши на ночь.
card-powers-kamikaze = Убитый ночью, вы забираете с собой выбранного игрока.
card-powers-don = Вы ведёте команду: ваш выбор ночного выстрела окончательный.
card-powers-mafioso = Команда стреляет каждую ночь; выбор дона окончательный.
card-powers-maniac = Вы играете сами за себя: выстрел каждую ночь.
card-powers-vampire = В первую ночь: укус игрока, вы забираете его роль.
card-powers-hobo = Стрелок может забрать ваш голос и приказать им.
card-powers-zombie = Вы кусаете ночью и пополняете орду.
card-verbs = Что вы можете сейчас: { $verbs }
card-no-verbs = В этой фазе ходов нет.
end-by-host = Ведущий завершил игру.
end-reveal-line = { $name }: { $role } ({ $faction })
end-reveal-title = Роли
end-seed = Зерно жеребьёвки: `{ $seed }`. Проверка раздачи: `python -m engine.draw verify --seed { $seed } --game { $game } --roles { $roles } --players { $players } --commitment { $commitment }`
verb-shoot = выстрел
verb-heal = лечение
verb-block = блок
verb-fire = выстрел из отобранного пистолета
verb-choose = выбрать, кого забрать с собой
verb-bite = укус
verb-hide = спрятаться в подвал
verb-skip = пропуск
verb-protect = защита
verb-void = аннулировать голос
verb-order = приказ голосу Бомжа
verb-vote = голосование
error-not-playing = Вы не играете ни в одной идущей игре на этом сервере.
results-day = **Итоги дня { $number }:**
results-night = **Утро после ночи { $number }:**
next-day = **День { $number }.** Голосование до <t:{ NUMBER($until, useGrouping: 0) }:f> (<t:{ NUMBER($until, useGrouping: 0) }:R>).
next-night = **Ночь { $number }.** Ходы до <t:{ NUMBER($until, useGrouping: 0) }:f> (<t:{ NUMBER($until, useGrouping: 0) }:R>).
vote-posted = { $voter } голосует против { $target }.
act-recorded = Записано: { $verb } { $target }. До срока ход можно изменить.
roles-proposed = Предложение баланса для { $count } игроков (R-BAL); свой список: `/ведущий роли роли:…`:
roles-chosen = Ваш список ролей, для { $count } записавшихся сейчас:
roles-line = • { $role } ({ $faction }) × { $count }
status-day = **День { $number }**
status-night = **Ночь { $number }**
status-until = До <t:{ NUMBER($until, useGrouping: 0) }:f> (<t:{ NUMBER($until, useGrouping: 0) }:R>)
status-living = Живы ({ $count }): { $names }
status-mine = Ваш ход пока: { $choices }
status-none = В этой фазе вы ещё не ходили.
vote-post = **День { $number }: голосование.** Выберите, против кого голосуете; бот попросит подтвердить, ведь голос не меняется. (Или `/мафия голос`.)
vote-placeholder = Голосовать против…
vote-confirm = Голосую, окончательно
vote-confirm-question = Голосовать против **{ $target }**? Голос окончательный: изменить его нельзя.
tally-title = **Подсчёт, день { $number }:**
tally-waiting = Ещё не голосовали: { $names }
start-no-channels = Отдельные каналы игры создать не удалось, поэтому она идёт в этом канале.
error-cannot-host = Бот пока не может провести здесь игру:
    { $problems }
spectate-ok = Вы наблюдаете за игрой { $game }: её публичные каналы открыты вам для чтения.
error-spectate-player = Вы играете в этой игре: игрок не может быть зрителем.
error-spectate-no-channels = У этой игры нет своих каналов: следите за ней в её канале.
remind-day = Напоминание: вы ещё не проголосовали. Голосование закрывается в <t:{ NUMBER($until, useGrouping: 0) }:t> (<t:{ NUMBER($until, useGrouping: 0) }:R>); без голоса — автокилл.
remind-night = Напоминание: вы ещё не сделали ночной ход. Ночь заканчивается в <t:{ NUMBER($until, useGrouping: 0) }:t> (<t:{ NUMBER($until, useGrouping: 0) }:R>).
prompt-night = **Ночь { $number }: ваш ход.** Выберите ниже; до конца ночи ход можно изменить. (Или `/мафия ход`.)
cleanup-done = { $count ->
        [0] Удалять нечего: у закончившихся игр каналов не осталось.
        [one] Удалён { $count } канал закончившихся игр.
        [few] Удалено { $count } канала закончившихся игр.
       *[many] Удалено { $count } каналов закончившихся игр.
    }
