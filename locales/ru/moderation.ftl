# Модерация по правилам чата (R-MOD): /mod, /mafia rules, /report, /complaint, детекторы.

## Команды

cmd-mod =
    .name = мод
    .description = Модерация по правилам чата
cmd-mod-warn =
    .name = варн
    .description = Предупреждение (ступень лестницы)
cmd-mod-mute =
    .name = мут
    .description = Мут (ступень лестницы)
cmd-mod-ban =
    .name = бан
    .description = Бан (ступень лестницы)
cmd-mod-warn-opt-member =
    .name = участник
    .description = Кто нарушил
cmd-mod-mute-opt-member =
    .name = участник
    .description = Кто нарушил
cmd-mod-ban-opt-member =
    .name = участник
    .description = Кто нарушил
cmd-mod-warn-opt-violation =
    .name = нарушение
    .description = Какое правило нарушено
cmd-mod-mute-opt-violation =
    .name = нарушение
    .description = Какое правило нарушено
cmd-mod-ban-opt-violation =
    .name = нарушение
    .description = Какое правило нарушено
cmd-mod-warn-opt-duration =
    .name = срок
    .description = Другой срок для этой ступени, например 30m, 2h, 1d
cmd-mod-mute-opt-duration =
    .name = срок
    .description = Другой срок для этой ступени, например 30m, 2h, 1d
cmd-mod-ban-opt-duration =
    .name = срок
    .description = Временный бан: на сколько, например 7d
cmd-mod-warn-opt-reason =
    .name = причина
    .description = Что случилось, своими словами
cmd-mod-mute-opt-reason =
    .name = причина
    .description = Что случилось, своими словами
cmd-mod-ban-opt-reason =
    .name = причина
    .description = Что случилось, своими словами
cmd-mod-warn-opt-evidence =
    .name = доказательство
    .description = Ссылка на сообщение или на вложение
cmd-mod-mute-opt-evidence =
    .name = доказательство
    .description = Ссылка на сообщение или на вложение
cmd-mod-ban-opt-evidence =
    .name = доказательство
    .description = Ссылка на сообщение или на вложение
cmd-mod-pardon =
    .name = помиловать
    .description = Снять наказание по делу сейчас (дело остаётся на лестнице)
cmd-mod-pardon-opt-case =
    .name = дело
    .description = Номер дела
cmd-mod-history =
    .name = история
    .description = Дела участника
cmd-mod-history-opt-member =
    .name = участник
    .description = Чьи дела
cmd-mod-case =
    .name = дело
    .description = Посмотреть дело; изменить причину или срок; отменить
cmd-mod-case-opt-number =
    .name = номер
    .description = Номер дела
cmd-mod-case-opt-reason =
    .name = причина
    .description = Новая причина
cmd-mod-case-opt-duration =
    .name = срок
    .description = Новый срок от начала дела, например 2h
cmd-mod-case-opt-revoke =
    .name = отменить
    .description = Отменить: снять наказание; дело больше не считается
cmd-mod-unban =
    .name = разбан
    .description = Снять бан
cmd-mod-unban-opt-user =
    .name = пользователь
    .description = Кто забанен
cmd-mod-unban-opt-reason =
    .name = причина
    .description = Почему
cmd-mod-rules =
    .name = правила
    .description = Правила сервера: посмотреть, изменить, сбросить, выгрузить, загрузить
cmd-mod-rules-show =
    .name = показать
    .description = Правила сервера
cmd-mod-rules-set =
    .name = изменить
    .description = Изменить нарушение: лестницу, название, вывести из употребления; или добавить
cmd-mod-rules-set-opt-violation =
    .name = нарушение
    .description = Код нарушения (новый код добавляет нарушение)
cmd-mod-rules-set-opt-ladder =
    .name = лестница
    .description = Ступени с первого нарушения, например warn, mute 30m, ban
cmd-mod-rules-set-opt-name =
    .name = название
    .description = Название на языке сервера
cmd-mod-rules-set-opt-retired =
    .name = выведено
    .description = Вывести из употребления (true) или вернуть (false)
cmd-mod-rules-reset =
    .name = сбросить
    .description = Отменить изменения сервера в своде правил
cmd-mod-rules-reset-opt-violation =
    .name = нарушение
    .description = Одно нарушение (пусто: все правила)
cmd-mod-rules-export =
    .name = выгрузить
    .description = Правила файлом JSON
cmd-mod-rules-import =
    .name = загрузить
    .description = Заменить правила файлом JSON
cmd-mod-rules-import-opt-file =
    .name = файл
    .description = Файл из /mod rules export (исправленный)
cmd-mod-settings =
    .name = настройки
    .description = Настройки модерации: мод-лог, детекторы, связанные аккаунты
cmd-mod-settings-log =
    .name = лог
    .description = Канал мод-лога
cmd-mod-settings-log-opt-channel =
    .name = канал
    .description = Куда писать дела и жалобы
cmd-mod-settings-appeal =
    .name = апелляция
    .description = Как забаненному обжаловать бан
cmd-mod-settings-appeal-opt-text =
    .name = текст
    .description = Отправляется участнику вместе с баном
cmd-mod-settings-detector =
    .name = детектор
    .description = Выключить детектор или выбрать, что он открывает
cmd-mod-settings-detector-opt-name =
    .name = детектор
    .description = Какой детектор
cmd-mod-settings-detector-opt-mode =
    .name = режим
    .description = Выключен, открывает дело или открывает жалобу
cmd-mod-settings-flood =
    .name = флуд
    .description = Флуд командами: сколько команд за какое время
cmd-mod-settings-flood-opt-count =
    .name = команд
    .description = Больше стольких команд…
cmd-mod-settings-flood-opt-seconds =
    .name = секунд
    .description = …за столько секунд
cmd-mod-settings-link =
    .name = связать
    .description = Отметить два аккаунта как аккаунты одного человека
cmd-mod-settings-link-opt-first =
    .name = первый
    .description = Один аккаунт
cmd-mod-settings-link-opt-second =
    .name = второй
    .description = Другой аккаунт
cmd-mod-settings-unlink =
    .name = отвязать
    .description = Аккаунт больше не отмечен как связанный
cmd-mod-settings-unlink-opt-user =
    .name = пользователь
    .description = Аккаунт
cmd-mafia-rules =
    .name = правила
    .description = Правила чата сервера: нарушения и наказания

choice-detector-nick_change = Смена ника во время игры
choice-detector-confusable_nick = Ник, похожий на ник игрока
choice-detector-command_flood = Флуд командами
choice-detector-leave = Уход из идущей игры
choice-detector-afk = Сон с активной ролью
choice-detector-multiaccount = Связанные аккаунты в одной игре
choice-detector-forward_bot = Пересылка личных сообщений бота
choice-detector-cop_first_night = Выстрел комиссара в первую ночь (быстрая игра)
choice-detector-early_start = «Начать сейчас» при неполном столе (быстрая игра)
choice-mode-off = Выключен
choice-mode-case = Открывает дело
choice-mode-report = Открывает жалобу

## Сроки и ступени

mod-unit-days = { $count ->
    [one] { $count } день
    [few] { $count } дня
   *[many] { $count } дней
}
mod-unit-hours = { $count } ч
mod-unit-minutes = { $count } мин
mod-unit-seconds = { $count } с
mod-action-warn = варн
mod-action-ban = бан
mod-action-mute = мут { $duration }
mod-action-other-account = { $action } второго аккаунта
mod-command-warn = /мод варн
mod-command-mute = /мод мут
mod-command-ban = /мод бан

## Нарушения (R-MOD)

mod-violation-ads = реклама
mod-violation-spam = спам
mod-violation-nsfw = материалы 18+
mod-violation-multiaccount = игра с нескольких аккаунтов
mod-violation-false_report = ложная жалоба
mod-violation-nick_change = смена ника во время игры
mod-violation-confusable_nick = одинаковый или похожий ник
mod-violation-forward_bot = пересылка сообщений бота
mod-violation-off_topic_judging = осуждение игроков не по игре
mod-violation-disrespect_admin = неадекватная реакция на замечания; оскорбление администрации
mod-violation-ruin = намеренный слив игры
mod-violation-forbidden_topics = порно, религия, политика; нация или родители
mod-violation-cop_first_night = выстрел комиссара в первую ночь без информации
mod-violation-private_play = игра в личке, слив роли в войсе
mod-violation-insult = оскорбление участников
mod-violation-random_day_one = рандомное голосование в первый день
mod-violation-afk = сон с активной ролью
mod-violation-leave = уход из игры
mod-violation-command_flood = флуд командами бота
mod-violation-ally_leak = слив союзника
mod-violation-misleading = ложная информация от имени мирной роли
mod-violation-cop_exposes_town = комиссар светит активную мирную роль
mod-violation-against_logic = игра против логики
mod-violation-early_start = преждевременный старт игры
mod-violation-role_gathering = сбор ролей
mod-violation-early_reveal = раскрытие роли раньше времени
mod-violation-kamikaze_dm_mafia = камикадзе пишет мафии в личку

## Ошибки в правилах

mod-problem-line = • { $where }: { $problem }
mod-problem-bad_duration = это не срок (пишите 30m, 2h, 1d12h)
mod-problem-duration_not_positive = срок должен быть больше нуля
mod-problem-duration_too_long = срок — не больше года
mod-problem-bad_action = это не ступень: пишите warn, mute 30m или ban
mod-problem-bad_step = это не ступень: пишите warn, mute 30m или ban
mod-problem-empty_step = в ступени нужно действие
mod-problem-duplicate_action = одно действие дважды в одной ступени
mod-problem-bad_ladder = это не список ступеней
mod-problem-empty_ladder = в лестнице нужна хотя бы одна ступень
mod-problem-unknown_violation = такого нарушения нет
mod-problem-unknown_step = такой ступени в этой лестнице нет
mod-problem-step_has_no_duration = в этой ступени нет мута, менять нечего
mod-problem-overrides_not_mapping = в файле должен быть один объект JSON
mod-problem-unknown_override_key = это не часть правил
mod-problem-not_mapping = здесь должен быть объект JSON
mod-problem-violation_exists = такое нарушение в правилах уже есть
mod-problem-bad_code = код — строчные латинские буквы, цифры и _, не длиннее 32
mod-problem-required_violation = ложная жалоба — всегда нарушение
mod-problem-bad_language = бот не говорит на этом языке (ru, en)
mod-problem-bad_wording = название — от 1 до 100 символов
mod-problem-naive_datetime = время без часового пояса

## Дела

mod-offence = { $offence }-е нарушение `{ $code }` ({ $violation })
mod-case-title = Дело №{ $number }: { $action }
mod-field-member = Участник
mod-field-moderator = Модератор
mod-field-violation = Нарушение
mod-field-step = Ступень
mod-field-step-value = ступень { $step } лестницы: { $computed }
mod-auto-mute-reason = Три варна за три разных нарушения: автоматический мут. Эти варны больше не считаются для следующего.
mod-field-until = До
mod-field-state = Состояние
mod-state-active = действует
mod-state-expired = закончилось
mod-state-revoked = отменено
mod-field-reason = Причина
mod-field-evidence = Доказательство
mod-field-appeal = Как обжаловать
mod-source-report = Открыто по жалобе
mod-source-detector = Открыто детектором бота
mod-appeal-default = Напишите модераторам сервера или его владельцу.
mod-dm-warn-title = Вам выдан варн на сервере { $server }
mod-dm-mute-title = Вам выдан мут на сервере { $server }
mod-dm-ban-title = Вы забанены на сервере { $server }
mod-dm-footer = Дело №{ $number }
mod-done = Дело №{ $number }: { $member } — { $offence }-е нарушение `{ $code }` ({ $violation }): **{ $action }**.
mod-until = До { $until }.
mod-duplicate = Дело №{ $number } по этому открыто только что: больше ничего не сделано.
mod-choice-next = { $label } — { $offence }-е: { $action }
mod-pardoned = Дело №{ $number }: наказание снято (дело остаётся на лестнице).
mod-unbanned = { $member }: бан снят.
mod-not-banned = { $member }: бана нет.

mod-note-longer-timeout = Уже идёт более долгий тайм-аут: он оставлен как есть.
mod-note-not-member = Участника нет на сервере: тайм-аут не выдан.
mod-note-no-linked = Других аккаунтов этого участника не отмечено (/мод настройки связать): наказан только основной.
mod-note-no-log = Канал мод-лога не задан (/мод настройки лог): ничего не опубликовано.

mod-log-revoked = Дело №{ $number } отменено ({ $by }): наказание снято, дело больше не считается.
mod-log-pardoned = Дело №{ $number }: наказание снято ({ $by }), дело по-прежнему считается на лестнице.
mod-log-reason = Дело №{ $number }: причина изменена ({ $by }): { $reason }
mod-log-duration = Дело №{ $number }: срок изменён на { $duration } ({ $by }).
mod-log-ban-over = Дело №{ $number }: срок бана вышел, бан снят.
mod-log-unbanned = { $member }: бан снят ({ $by }).

mod-refused-no-case = Дела №{ $number } на этом сервере нет.
mod-refused-not-active = Дело №{ $number } не действует: нечего снимать или менять.
mod-refused-no-duration-case = В деле №{ $number } нет ни мута, ни бана: срока нет.
mod-refused-already-revoked = Дело №{ $number } уже отменено.
mod-refused-not-moderator = Это только для модераторов (право «Управлять участниками» или «Управлять сервером», или роль модератора сервера).
mod-refused-not-banner = Для бана нужно право «Банить участников».
mod-refused-not-manager = Это могут менять только участники с правом «Управлять сервером».
mod-refused-self-bot = Против себя я ничего не делаю.
mod-refused-bot = Боты не модерируются по правилам.
mod-refused-yourself = Нельзя открыть дело против себя.
mod-refused-owner = Владелец сервера здесь выше правил: жалобы на администрацию идут владельцу (/complaint).
mod-refused-admin = Наказать участника с правом «Администратор» или «Управлять сервером» может только владелец сервера. Жалобу на администратора можно отправить владельцу лично: /complaint.
mod-refused-above-you = Высшая роль этого участника не ниже вашей.
mod-refused-above-bot = Высшая роль этого участника не ниже роли бота: Discord откажет.
mod-refused-admin-timeout = Discord не даёт тайм-аут администраторам.
mod-refused-unknown-violation = В правилах этого сервера нет нарушения `{ $code }`.
mod-refused-wrong-kind = Это { $offence }-е нарушение `{ $code }` у { $member }: по правилам — **{ $step }**. Используйте { $command }.
mod-refused-no-duration = Это { $offence }-е нарушение `{ $code }` у { $member }: ступень — **{ $step }**, у неё нет срока.
mod-refused-link-self = Нужны два разных аккаунта.

## История

mod-history-title = Дела ({ $count })
mod-history-empty = Дел нет.
mod-history-page = Страница { $page } из { $pages }
mod-history-line = **№{ $number }** { $when } · { $violation } (`{ $code }`, { $offence }-е) · { $action } · { $state }

## Правила

mod-rules-title = Правила чата
mod-rules-intro = У каждого нарушения своя лестница: n-е нарушение — n-я ступень (последняя повторяется). Три варна за три разных нарушения дают автоматический мут на { $mute }; после него эти три варна больше не считаются. Помилование снимает наказание, но дело остаётся на лестнице; отменённое дело больше не считается.
mod-rules-line = **{ $name }** (`{ $code }`): { $ladder }
mod-rules-violations = Нарушения
mod-rules-violations-more = Нарушения (дальше)
mod-rules-detected = · бот следит сам
mod-rules-allowed = Разрешается (это не игра в личке)
mod-rules-allowed-cabinets = Переписка преступников между собой в их кабинетах: Адвоката с Мафией и других ролей мафии с Мафией.
mod-rules-allowed-cop = Переписка Комиссара с его Помощником (Сержантом) в личке.
mod-rules-allowed-werewolf = Оборотню — писать в личку Комиссару или Мафии, смотря какую сторону он выберет.
mod-rules-allowed-quick = В быстрой игре: Комиссару с Сержантом; мафии между собой и с Адвокатом и Убийцей; Оборотню с Комиссаром или с мафией, смотря какую сторону он выберет.
mod-rules-complain-title = Жалобы на администрацию
mod-rules-complain = Если администратор сам нарушает правила, пишите владельцу с доказательствами: /complaint.
mod-rules-refused = Правила не изменены:
mod-rules-new-needs-ladder = `{ $code }` — новое нарушение: укажите его лестницу.
mod-rules-too-big = Файл слишком большой для правил.
mod-rules-not-json = Файл — не текст JSON (UTF-8).
mod-rules-set = `{ $code }` ({ $name }): { $ladder }
mod-rules-retired = Выведено из употребления на этом сервере.
mod-rules-reset-one = `{ $code }` — снова как в своде правил.
mod-rules-reset-all = Свод правил снова как написан: изменения сервера отменены.
mod-rules-exported = Правила сервера (исправьте и верните через /mod rules import):
mod-rules-imported = Правила загружены: действует нарушений — { $count }.

## Настройки

mod-settings-log = Дела и жалобы будут публиковаться в { $channel }.
mod-settings-appeal = Забаненным будет сказано, как обжаловать бан.
mod-settings-detector = { $detector }: { $mode }.
mod-settings-flood = Флуд командами: больше { $count } команд за { $seconds } с.
mod-settings-linked = { $first } и { $second } отмечены как аккаунты одного человека.
mod-settings-unlinked = { $user } больше не отмечается как связанный аккаунт.

## Жалобы (R-MOD-2) и жалобы на администрацию (R-MOD-3)

cmd-report =
    .name = жалоба
    .description = Сообщить модераторам о нарушении правил
cmd-report-opt-member =
    .name = участник
    .description = Кто нарушил
cmd-report-opt-violation =
    .name = нарушение
    .description = Какое правило
cmd-report-opt-message =
    .name = сообщение
    .description = Ссылка на сообщение, если есть
cmd-report-opt-text =
    .name = текст
    .description = Что случилось
cmd-report-message =
    .name = Пожаловаться
cmd-complaint =
    .name = жалоба-на-админа
    .description = Жалоба на администратора — владельцу сервера лично
cmd-complaint-opt-text =
    .name = текст
    .description = Что случилось
cmd-complaint-opt-evidence =
    .name = доказательство
    .description = Ссылка на доказательство
cmd-complaint-opt-file =
    .name = файл
    .description = Скриншот или файл

report-title = Жалоба №{ $number }
report-field-reporter = Пожаловался(ась)
report-field-text = Что случилось
report-state-upheld = Подтверждено ({ $by }): дело №{ $number }.
report-state-rejected = Признано ложной ({ $by }): дело №{ $number } заведено на автора жалобы.
report-uphold = Подтвердить
report-reject = Ложная жалоба
report-confirm = Да, жалоба ложная
report-confirm-question = Признать жалобу ложной? { $member } получит дело `false_report`.
report-already-judged = Эта жалоба уже рассмотрена.
report-upheld = Жалоба подтверждена: дело №{ $number } ({ $action }).
report-rejected = Жалоба ложная: дело №{ $number } на её автора.
report-dm-upheld = Ваша жалоба на сервере { $server } подтверждена, меры приняты. Спасибо.
report-dm-false = Ваша жалоба на сервере { $server } признана ложной: это само по себе нарушение (дело №{ $number }).
report-refused-yourself = На себя жаловаться нельзя.
report-no-log = На этом сервере ещё нет канала мод-лога для жалоб: напишите модератору напрямую.
report-sent = Жалоба №{ $number } передана модераторам. Об исходе вам сообщат лично.
report-modal-title = Пожаловаться на сообщение
report-modal-violation = Какое правило (название или код)
report-modal-text = Что случилось (необязательно)
complaint-title = Жалоба на администратора сервера { $server }
complaint-from = От
complaint-refused-owner = Вы владелец сервера: жаловаться выше некому.
complaint-needs-evidence = Жалобе на администратора нужны доказательства, так сказано в правилах: приложите скриншот (`file`) или дайте ссылку (`evidence`), например ссылку на сообщение. Ничего не отправлено.
complaint-evidence-not-link = Доказательство должно быть ссылкой (https://…), например ссылкой на сообщение, или приложите скриншот (`file`). Ничего не отправлено.

cmd-mod-warn-opt-file =
    .name = файл
    .description = Скриншот или файл как доказательство
cmd-mod-mute-opt-file =
    .name = файл
    .description = Скриншот или файл как доказательство
cmd-mod-ban-opt-file =
    .name = файл
    .description = Скриншот или файл как доказательство
cmd-mod-settings-show =
    .name = показать
    .description = Настройки модерации
mod-settings-title = Настройки модерации
mod-settings-unset = не задано
mod-settings-log-field = Мод-лог
mod-settings-role-field = Роль модераторов
mod-settings-detectors = Детекторы
mod-settings-linked-field = Связанные аккаунты

# Мут для того, кого нет на сервере (cogs.moderation.cases, cogs.moderation.returns)
mod-field-note = Примечание
mod-log-mute-waits = Участника сейчас нет на сервере: тайм-аут будет выдан, когда он вернётся.
mod-log-mute-waits-blind = Участника сейчас нет на сервере, а бот не видит, кто заходит на сервер (интент Server Members выключен на Developer Portal): выдайте тайм-аут вручную, когда участник вернётся.
mod-log-mute-on-return = Дело №{ $number }: { $member } вернулся на сервер; тайм-аут выдан.

# --- h17mod ---
# Последствия дела — строки outbox (issue 17): ответ говорит, что поручено, а мод-лог узнаёт,
# в чём отказал Discord (cogs.moderation.case_effects, cogs.delivery.alerts)
mod-note-ordered = Бот выполняет это в Discord прямо сейчас; если Discord в чём-то откажет, это будет отмечено в мод-логе.
mod-log-dm-closed = Дело №{ $number }: сообщить участнику в личку не удалось (личка закрыта или у него нет общего сервера с ботом).
mod-delivery-blocked = ⛔ { $number ->
    [0] Модерация
   *[other] Дело №{ $number }
}: бот не может сделать это на сервере: { $fix } Затем выполните любую команду /мод (или перезапустите бота) — он попробует снова.
complaint-ordered = Ваша жалоба отправляется лично владельцу сервера { $owner }. Если он не принимает личные сообщения от бота, вам придёт об этом сообщение в личку.
complaint-dm-closed-later = Ваша жалоба на сервере { $server } не дошла до владельца { $owner }: он не принимает личные сообщения от бота. Свяжитесь с ним иначе (заявка в друзья, другой сервер). Ничего не опубликовано.
mod-delivery-stuck = ⚠️ Discord уже 5 минут не принимает { $count ->
    [one] { $count } действие модерации
    [few] { $count } действия модерации
   *[many] { $count } действий модерации
} ({ $what }). Бот продолжает попытки и сообщит, когда всё пройдёт.
mod-delivery-through = ✅ Discord принял все действия модерации, которые ждали отправки.
# --- rules-more ---
# A refused rulebook with more problems than a message holds: how many are not shown
mod-rules-more = …и ещё { $count ->
    [one] { $count } ошибка
    [few] { $count } ошибки
    [many] { $count } ошибок
   *[other] { $count } ошибки
 }: исправьте показанные и загрузите файл снова.
