# /mafia help: an ephemeral embed in the reader's language.

help-title = Mafia — how to play
help-intro =
    Forum-style Mafia by the clock: the town against the criminals. A blind draw deals the roles, everyone learns their own role privately, teams confer in their cabinet. The Host runs the game.
help-game-title = How a game goes
help-game =
    • **Acquaintance** — before day 1, if the Host wants one.
    • **Day** — discussion and voting until 21:00. Every living player must vote for a living player (not themselves); a vote cannot be changed. No vote means autokill. The unique leader by votes leaves; on a tie nobody does.
    • **Night** — the roles' choices until 22:00, results in the morning.
    • **Morgue** — where the eliminated talk; the living may talk there only with the dead.
    Deadlines follow the game's time zone (Moscow by default); the Host may change them.
help-roles-title = Roles
help-roles =
    • **Citizen** — no night action.
    • **Cop** and **Cop's Assistant** — a night shot, a shared cabinet; the assistant inherits the gun.
    • **Doctor** — heals one player at night.
    • **Lawyer** — protects one player from the day's vote.
    • **Bouncer** — voids one player's vote for the day.
    • **Sniper** — a night shot. **Kamikaze** — killed at night, takes a chosen victim along.
    • **Tin Woodman** — blocks for one night, steals the guns fired at him.
    • **Mafia's Child** — a citizen until the criminals shoot it. **Vampire** — bites on night 1. **Hobo** — a shooter can take their vote.
    • **Don** and **mafiosi** — a criminal team with a cabinet and one basement per game. **Lone Maniac** — plays for himself.
help-commands-title = Commands
help-commands-title-more = Commands (continued)
help-commands-more = …and { $count ->
        [one] { $count } more command
       *[other] { $count } more commands
    }: `/mafia help section:Commands` lists more.
help-commands-more-here = …and { $count ->
        [one] { $count } more command
       *[other] { $count } more commands
    } that did not fit.
help-no-commands = No commands yet.
help-footer = Questions about the game go to the Host, about the bot to the server administrators.
help-guide-title = The guide
help-guide-players = Players' guide
help-guide-hosts = Hosts' guide
help-guide-moderators = Moderators' guide
help-guide-owners = Server owners' guide
help-guide-commands = Every command
