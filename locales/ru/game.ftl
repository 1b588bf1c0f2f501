# The game's vocabulary (shared/rules/RULES.md §1 and §12): the words players know from the forum.

votes-count = { $count ->
        [one] { $count } голос
        [few] { $count } голоса
        [many] { $count } голосов
       *[other] { $count } голоса
    }
players-count = { $count ->
        [one] { $count } игрок
        [few] { $count } игрока
        [many] { $count } игроков
       *[other] { $count } игрока
    }

host = Ведущий
morgue = Морг
basement = подвал
cabinet = кабинет
autokill = автокилл
acquaintance = Знакомства
draw = жеребьёвка
criminals = ММ — мафоманы
private-messages = ЛС

role-citizen = МЖ — мирный житель
role-cop = Комиссар
role-assistant = Помощник Копа
role-doctor = Доктор
role-child = Дитя Мафии
role-lawyer = Адвокат
role-bouncer = Вышибала
role-sniper = Снайпер
role-woodman = Железный Дровосек
role-kamikaze = Камикадзе
role-don = Дон
role-mafioso = Маф
role-maniac = Маньяк-одиночка
role-vampire = Вампир
role-hobo = Бомж
role-zombie = Зомби

faction-town = Мирные
faction-mafia = Мафия
faction-maniacs = Маны
faction-maniac = Маньяк-одиночка
faction-zombies = Зомби

# Night and day notices (scenarios/FORMAT.md codes) in the original's words.
notice-cop_missed = Коп промахнулся.
notice-sniper_missed = Снайпер промахнулся.
notice-maniac_missed = Маньяк промахнулся.
notice-kamikaze_missed = Камикадзе промахнулся.
notice-mafia_missed = Мафы промахнулись.
notice-maniacs_missed = Маны промахнулись.
notice-sniper_joined_criminals = Снайпер теперь в стане ММ.
notice-child_found = Мафоманы нашли своё дитя.
notice-doctor_healed_healthy = Доктор лечил здорового.
notice-doctor_lost_role = Доктор никого не лечил и потерял роль.
notice-saved_from_bullet = Коп или Док спасли от пули ММ.
notice-vampire_lost_child = Вампир укусил ДМ, но выстрел Копа лишил его этой роли.
notice-mourning = Ночные ходы отменяются из-за траура.
notice-lawyer_skipped = Адвокат никого не защищал.
notice-bouncer_skipped = Вышибала пропустил ход.
notice-lawyer_lost_role = Адвокат потерял роль.
notice-bouncer_lost_role = Вышибала потерял роль.
notice-child_killed = Было убито Дитя.
# быстрая игра в чате (CHAT-GAME.md)
notice-werewolf_turned = Оборотень выбрал сторону.
notice-lucky_survived = Кому-то этой ночью повезло.
notice-sergeant_promoted = Сержант занял место Комиссара.
notice-don_promoted = У мафии новый Дон.
notice-fell_asleep = Кто-то уснул навсегда.
notice-took_along = Камикадзе забрал кое-кого с собой.
