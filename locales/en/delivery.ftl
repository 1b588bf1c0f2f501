# What the delivery worker tells the host's channel (cogs.delivery.alerts).
delivery-stuck = ⚠️ Discord has not accepted { $count ->
    [one] one of the game's actions
   *[other] { $count } of the game's actions
} for 5 minutes ({ $what }). The bot keeps trying and will say when it is through.
delivery-through = ✅ Discord accepted everything that was waiting: the game's server is up to date.
delivery-kind-post = posts
delivery-kind-dm = DMs
delivery-kind-edit = edits
delivery-kind-pin = pins
delivery-kind-delete = deletions
delivery-kind-roles = role changes
delivery-kind-timeout = timeouts
delivery-kind-overwrite = channel permissions
delivery-kind-thread = threads
delivery-kind-finish = the end's clean-up
delivery-kind-close = closing the game's channels
delivery-blocked = ⛔ The bot cannot do this on the server: { $fix } Then run any /host command (or restart the bot): it will try again.
delivery-fix-forbidden-post = it may not post in { $where }. Give its role **View Channel**, **Send Messages** and **Send Messages in Threads** there.
delivery-fix-forbidden-edit = it may not edit its message in { $where }. Give its role **View Channel** and **Read Message History** there.
delivery-fix-forbidden-pin = it may not pin in { $where }. Give its role **Manage Messages** (Pin Messages) there.
delivery-fix-forbidden-delete = it may not delete in { $where }. Give its role **Manage Messages** there.
delivery-fix-forbidden-roles = it may not change { $who }'s game roles. Its role needs **Manage Roles** and must stand **above the game's roles** in Server Settings → Roles.
delivery-fix-forbidden-timeout = it may not time { $who } out. Its role needs **Moderate Members** and must stand above that member's highest role.
delivery-fix-forbidden-overwrite = it may not set { $who }'s permissions in { $where }. Give its role **Manage Permissions** (Manage Roles) on that channel.
delivery-fix-forbidden-thread = it may not open a thread in { $where }. Give its role **Create Public Threads** and **Send Messages in Threads** there.
delivery-fix-forbidden-close = it may not close the game's channels and roles. Its role needs **Manage Channels** and **Manage Roles**, above the game's roles.
delivery-fix-unknown-channel = the channel { $where } is gone. Recreate it (or end the game with /host end).
delivery-fix-refused = Discord refused one of its requests ({ $kind }). It is logged with the game's number.
delivery-kind-setup = the game's channels and roles
delivery-kind-unoverwrite = channel permissions
delivery-kind-delete_channel = channel deletions
delivery-kind-ban = bans
delivery-kind-unban = lifted bans
delivery-fix-forbidden-setup = it may not make the game's channels and roles. Its role needs **Manage Channels** and **Manage Roles**, above the game's roles.
delivery-fix-forbidden-unoverwrite = it may not remove { $who }'s permissions in { $where }. Give its role **Manage Permissions** (Manage Roles) on that channel.
delivery-fix-forbidden-delete_channel = it may not delete the channel { $where }. Give its role **Manage Channels**.
delivery-fix-forbidden-ban = it may not ban { $who }. Its role needs **Ban Members** and must stand above that member's highest role.
delivery-fix-forbidden-unban = it may not lift { $who }'s ban. Its role needs **Ban Members**.
