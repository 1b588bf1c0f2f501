# События движка как фразы (cogs/game/render.py). Публичные строки никогда не называют роль и
# причину ночной смерти: они строятся только из engine.public_view.

## Публичные
event-died = Найден мёртвым игрок: { $who }.
event-left = { $who } покидает город по итогам голосования.
event-left-autokilled = { $who } покидает город по итогам голосования; голоса от этого игрока не было, так что это ещё и автокилл.
event-autokilled = { $who } выбывает из игры: автокилл.
event-autokilled-no-vote = { $who } выбывает из игры: автокилл, потому что голоса от этого игрока не было.
event-disqualified = Ведущий дисквалифицировал игрока: { $who }.
results-nobody-tie = Никто не покидает город: ничья за первое место ({ $names }).
results-nobody-no-votes = Никто не покидает город: ни одного засчитанного голоса.
results-nobody-protected-tie = Никто не покидает город: лидер голосования — { $who } — под защитой Адвоката, а за второе место ничья.
results-nobody-protected-alone = Никто не покидает город: лидер голосования — { $who } — под защитой Адвоката, а больше голосов ни у кого нет.
event-vote = { $voter } голосует: { $target }.
event-vote-voided = { $voter }: голос сегодня не засчитывается.
event-day-protect = { $target } сегодня под защитой.
event-day-void = { $target }: голос сегодня аннулирован.
event-vote-counted = Итог голосования: { $tally }.
event-tally-entry = { $who } — { $count ->
        [one] { $count } голос
        [few] { $count } голоса
        [many] { $count } голосов
       *[other] { $count } голоса
    }
event-won = Игра окончена: победа — { $faction } ({ $reason }).
event-won-joint = Игра окончена: совместная победа — { $faction } и { $faction1 } ({ $reason }).

## Личные (ЛС или кабинет)
event-learned = Вы узнали: { $about } — { $what }.
event-learned-role = Вы узнали: у игрока { $about } роль — { $what }.
event-role-changed = Ваша роль теперь { $role } ({ $faction }).
event-converted = Вы вошли в { $cabinet }.
event-left-cabinet = Вы покинули { $cabinet }.
event-block-hit = Ваш блок сработал: ход цели ({ $target }) этой ночью остановлен.
event-block-miss = Ваш блок ничего не остановил: у цели ({ $target }) хода не было.
event-gun-stolen = Вы забрали { $gun }: он ваш на следующую ночь (в подсказке хода и в поле «пистолет» команды `/мафия ход`).
event-vote-taken = У вас голос Бомжа ({ $hobo }) на день { $day }: отдайте приказ.
event-gun-inherited = Пистолет Комиссара теперь у вас.
event-zombie-head = Теперь вы глава зомби.
event-you-were-child = Теперь вы знаете свою роль: вы были Дитя Мафии. Так и сказано в итогах дня.
event-you-died = Вы выбыли из игры: голосовать и делать ходы больше нельзя. Мёртвые говорят только в морге.
event-you-disqualified = Ведущий дисквалифицировал вас: вы выбыли из игры, и писать в морге тоже нельзя.
event-you-autokilled = Вы выбыли из игры: автокилл. Писать в каналах игры, включая Морг, нельзя.
event-you-autokilled-no-vote = Вы выбыли из игры: автокилл, потому что вы не проголосовали. Писать в каналах игры, включая Морг, нельзя.
# a cabinet mate on the role card (R-NIGHT-16: mates know each other's roles)
card-mate = { $name } ({ $role })
card-zombie-head = Вы — глава орды: ночной выстрел зомби делаете вы.

## Журнал Ведущего: всё
host-died = { $who } выбывает: { $cause }.
host-vote-ordered = { $voter } голосует: { $target } (по приказу: { $by }).
host-day-choice = { $actor }: { $verb } { $target }.
host-action = Ведущий: { $action } { $target }.
host-told = Сообщено игроку { $who }: «{ $what }»
host-event = Событие: { $event }.

## Термины
gun-cop = пистолет Комиссара
gun-sniper = пистолет Снайпера
gun-mafia = пистолет Мафии
gun-maniacs = пистолет Маньяков
gun-maniac = пистолет Маньяка-одиночки
gun-zombie = пистолет Зомби
cabinet-cop = кабинет Комиссара
cabinet-mafia = кабинет Мафии
cabinet-maniacs = кабинет Маньяков
cabinet-zombies = орду
cause-cop = пуля Комиссара
cause-sniper = пуля Снайпера
cause-mafia = пуля Мафии
cause-maniacs = пуля Маньяков
cause-maniac = пуля Маньяка-одиночки
cause-zombie = укус Зомби
cause-kamikaze = Камикадзе забрал с собой
cause-exploded = Камикадзе взорвался
cause-recoil = отдача
cause-duel = дуэль Вампира
cause-sanction = команда без ночного хода
cause-vote = голосование
cause-autokill = автокилл
cause-disqualified = дисквалификация
cause-undisclosed = не раскрывается
# быстрая игра в чате (CHAT-GAME.md)
cause-killer = нож Убийцы
cause-asleep = уснул навсегда
cause-leave = вышел из игры
host-role-changed = { $who } теперь { $role } ({ $faction }); сообщено.
host-role-changed-untold = { $who } теперь { $role } ({ $faction }); не сообщено.

## Почему игра окончена (R-WIN), словами: ни игроки, ни Ведущий не видят номеров правил
win-reason = { $why }
win-R-WIN-1 = все преступники мертвы
win-R-WIN-2 = мафии не меньше, чем мирных
win-R-WIN-3 = маньяк-одиночка среди двух последних
win-R-WIN-4 = обе другие стороны мертвы
win-R-WIN-6a = утром двое: адвокат или вышибала против преступника
win-R-WIN-6b = утром двое: стрелок против преступника с подвалом
win-R-WIN-6c = утром двое: дровосек против преступника
win-R-WIN-6d = утром двое: преступник против бомжа
win-R-WIN-6e = утром двое: зомби против дровосека
win-R-WIN-7 = в живых никого
win-horde-alone = остались только зомби
win-host-R-WIN-4 = Ведущий объявил совместную победу преступников
