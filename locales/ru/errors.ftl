# Short, ephemeral error messages of the command tree's one error handler (cogs/support/errors.py).

error-unexpected = Что-то пошло не так. Код ошибки: `{ $id }` — сообщите его администратору.
error-cooldown = Слишком часто. Попробуйте снова через { $seconds ->
        [one] { $seconds } секунду
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунды
    }.
error-missing-permissions = У вас нет прав для этой команды: { $permissions }.
error-bot-missing-permissions = Боту не хватает прав: { $permissions }. Попросите администратора сервера их выдать.
error-discord-forbidden = Discord не дал боту выполнить действие: не хватает прав. Сообщите администратору сервера.
error-missing-role = Эта команда доступна только с ролью { $role }.
error-missing-any-role = Эта команда доступна только с одной из ролей: { $roles }.
error-guild-only = Эта команда работает только на сервере, не в ЛС.
error-check-failed = Эту команду нельзя использовать здесь.
error-bad-argument = Не удалось понять значение «{ $value }». Проверьте, что вы ввели.
error-command-outdated = Эта команда устарела или ещё не обновилась в Discord. Попробуйте через минуту.
error-not-your-component = Это не для вас: эта кнопка предназначена другому игроку.
error-stale-component = Эта кнопка или меню больше ни к чему не относится: игра, фаза или сообщение уже в прошлом.
error-stale-form = Эта форма устарела: бот её больше не ждёт. Откройте её заново и отправьте ещё раз.
error-not-in-this-game = Это от игры, в которой вы не играете: ваши ходы — только в вашей игре.
error-which-gun = У вас несколько отобранных пистолетов ({ $guns }): выберите один в поле «пистолет».
error-restarting = Бот перезапускается: повторите через минуту. Всё, что вы сделали раньше, сохранено.

# Names of Discord permissions in the messages above.
perm-administrator = Администратор
perm-view_channel = Просматривать каналы
perm-manage_channels = Управлять каналами
perm-manage_roles = Управлять ролями
perm-manage_guild = Управлять сервером
perm-manage_messages = Управлять сообщениями
perm-manage_threads = Управлять ветками
perm-manage_webhooks = Управлять вебхуками
perm-moderate_members = Отправлять участников подумать о своём поведении (тайм-аут)
perm-ban_members = Банить участников
perm-kick_members = Выгонять участников
perm-send_messages = Отправлять сообщения
perm-send_messages_in_threads = Отправлять сообщения в ветках
perm-create_public_threads = Создавать публичные ветки
perm-create_private_threads = Создавать приватные ветки
perm-embed_links = Встраивать ссылки
perm-read_message_history = Читать историю сообщений
