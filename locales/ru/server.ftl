# Серверные объекты игры (cogs/game/server): категория, каналы, роли и чего не хватает боту.

server-category = Мафия №{ $game }
server-category-titled = Мафия №{ $game }: { $title }
server-channel-announcements = объявления
server-channel-discussion = обсуждение
server-channel-voting = голосование
server-channel-morgue = морг
server-channel-host = ведущий
server-channel-cabinet = кабинет-{ $cabinet }
server-cabinet-mafia = мафии
server-cabinet-maniacs = маньяков
server-cabinet-zombies = орды
server-cabinet-cop = комиссара

server-topic-announcements = Итоги, сроки и слово ведущего. Пишут только ведущий и бот.
server-topic-discussion = Обсуждение дня: пишут живые; мёртвые и зрители читают.
server-topic-voting = Голосование дня: выбор — в сообщении бота о голосовании. Сообщений здесь нет.
server-topic-morgue = Здесь говорят мёртвые. Живые читают Морг и пишут здесь, только чтобы поговорить с мёртвыми.
server-topic-cabinet = Кабинет: закрытая комната команды. Пишут только её живые члены.
server-topic-host = Комната ведущего: всё, что происходит в игре, с ролями.

server-role-alive = Мафия №{ $game }: живые
server-role-dead = Мафия №{ $game }: мёртвые
server-role-host = Мафия №{ $game }: ведущий
server-role-spectator = Мафия №{ $game }: зрители

server-problem-permission = Мне нужно право «{ $permission }» на этом сервере.
server-problem-role-position = Поднимите мою роль «{ $role }» выше игровых ролей в списке ролей сервера: я не могу выдавать роли выше своей.
server-problem-no-room = Для каналов этой игры нет места (Discord разрешает { $count } каналов на сервере и 50 в категории).

server-permission-manage_channels = Управлять каналами
server-permission-add_reactions = Добавлять реакции
server-permission-read_messages = Просматривать каналы
server-permission-send_messages = Отправлять сообщения
server-permission-manage_messages = Управлять сообщениями
server-permission-embed_links = Встраивать ссылки
server-permission-attach_files = Прикреплять файлы
server-permission-read_message_history = Читать историю сообщений
server-permission-manage_roles = Управлять ролями
server-permission-manage_threads = Управлять ветками
server-permission-create_public_threads = Создавать публичные ветки
server-permission-create_private_threads = Создавать приватные ветки
server-permission-send_messages_in_threads = Отправлять сообщения в ветках
