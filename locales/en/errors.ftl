# Short, ephemeral error messages of the command tree's one error handler (cogs/support/errors.py).

error-unexpected = Something went wrong. Error code: `{ $id }` — please give it to an administrator.
error-cooldown = Too fast. Try again in { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }.
error-missing-permissions = You lack the permissions for this command: { $permissions }.
error-bot-missing-permissions = The bot lacks permissions: { $permissions }. Ask a server administrator to grant them.
error-discord-forbidden = Discord did not let the bot do that: a permission is missing. Please tell a server administrator.
error-missing-role = This command needs the role { $role }.
error-missing-any-role = This command needs one of the roles: { $roles }.
error-guild-only = This command works in a server only, not in private messages.
error-check-failed = This command cannot be used here.
error-bad-argument = Could not understand “{ $value }”. Please check what you typed.
error-command-outdated = This command is outdated or not yet updated in Discord. Try again in a minute.
error-not-your-component = This is not yours to press: it is meant for another player.
error-stale-component = This button or menu belongs to nothing current any more: its game, phase or message is in the past.
error-stale-form = This form has expired: the bot is no longer waiting for it. Open it again and send it once more.
error-not-in-this-game = This belongs to a game you do not play in: your moves are in your own game.
error-which-gun = You hold several taken guns ({ $guns }): pick one in the “gun” field.
error-restarting = The bot is restarting: try again in a minute. Nothing you did before was lost.

# Names of Discord permissions in the messages above.
perm-administrator = Administrator
perm-view_channel = View Channels
perm-manage_channels = Manage Channels
perm-manage_roles = Manage Roles
perm-manage_guild = Manage Server
perm-manage_messages = Manage Messages
perm-manage_threads = Manage Threads
perm-manage_webhooks = Manage Webhooks
perm-moderate_members = Timeout Members
perm-ban_members = Ban Members
perm-kick_members = Kick Members
perm-send_messages = Send Messages
perm-send_messages_in_threads = Send Messages in Threads
perm-create_public_threads = Create Public Threads
perm-create_private_threads = Create Private Threads
perm-embed_links = Embed Links
perm-read_message_history = Read Message History
