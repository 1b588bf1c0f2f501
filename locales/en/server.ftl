# A game's server objects (cogs/game/server): category, channels, roles, and what the bot lacks.

server-category = Mafia #{ $game }
server-category-titled = Mafia #{ $game }: { $title }
server-channel-announcements = announcements
server-channel-discussion = discussion
server-channel-voting = voting
server-channel-morgue = morgue
server-channel-host = host
server-channel-cabinet = cabinet-{ $cabinet }
server-cabinet-mafia = mafia
server-cabinet-maniacs = maniacs
server-cabinet-zombies = horde
server-cabinet-cop = cop

server-topic-announcements = Results, deadlines and the host's word. Only the host and the bot post here.
server-topic-discussion = The day's talk: the living post here; the dead and spectators read.
server-topic-voting = The day's vote: choose in the bot's vote post. No messages here.
server-topic-morgue = The dead talk here. The living read it and write here only to talk with the dead.
server-topic-cabinet = A cabinet: your team's private room. Only its living members write.
server-topic-host = The host's room: everything the game does, with the roles.

server-role-alive = Mafia #{ $game }: alive
server-role-dead = Mafia #{ $game }: dead
server-role-host = Mafia #{ $game }: host
server-role-spectator = Mafia #{ $game }: spectator

server-problem-permission = I need the “{ $permission }” permission on this server.
server-problem-role-position = Move my role “{ $role }” above the game roles in the server's role list: I cannot give roles above my own.
server-problem-no-room = There is no room for this game's channels (Discord allows { $count } channels per server and 50 per category).

server-permission-manage_channels = Manage Channels
server-permission-add_reactions = Add Reactions
server-permission-read_messages = View Channels
server-permission-send_messages = Send Messages
server-permission-manage_messages = Manage Messages
server-permission-embed_links = Embed Links
server-permission-attach_files = Attach Files
server-permission-read_message_history = Read Message History
server-permission-manage_roles = Manage Roles
server-permission-manage_threads = Manage Threads
server-permission-create_public_threads = Create Public Threads
server-permission-create_private_threads = Create Private Threads
server-permission-send_messages_in_threads = Send Messages in Threads
