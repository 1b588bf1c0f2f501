# The game's vocabulary (shared/rules/RULES.md §1 and §12).

votes-count = { $count ->
        [one] { $count } vote
       *[other] { $count } votes
    }
players-count = { $count ->
        [one] { $count } player
       *[other] { $count } players
    }

host = Host
morgue = Morgue
basement = basement
cabinet = cabinet
autokill = autokill
acquaintance = Acquaintance
draw = draw
criminals = the criminals
private-messages = private messages

role-citizen = Citizen
role-cop = Cop
role-assistant = Cop's Assistant
role-doctor = Doctor
role-child = Mafia's Child
role-lawyer = Lawyer
role-bouncer = Bouncer
role-sniper = Sniper
role-woodman = Tin Woodman
role-kamikaze = Kamikaze
role-don = Don
role-mafioso = Mafioso
role-maniac = Lone Maniac
role-vampire = Vampire
role-hobo = Hobo
role-zombie = Zombie

faction-town = Town
faction-mafia = Mafia
faction-maniacs = Maniacs
faction-maniac = Lone Maniac
faction-zombies = Zombies

# Night and day notices (scenarios/FORMAT.md codes).
notice-cop_missed = The cop missed.
notice-sniper_missed = The sniper missed.
notice-maniac_missed = The maniac missed.
notice-kamikaze_missed = The kamikaze missed.
notice-mafia_missed = The mafia missed.
notice-maniacs_missed = The maniacs missed.
notice-sniper_joined_criminals = The sniper is now with the criminals.
notice-child_found = The criminals found their child.
notice-doctor_healed_healthy = The doctor healed a healthy one.
notice-doctor_lost_role = The doctor healed nobody and lost the role.
notice-saved_from_bullet = The cop or the doctor saved someone from a criminal's bullet.
notice-vampire_lost_child = The vampire bit the child, but the cop's bullet took the role.
notice-mourning = The night is cancelled: the town mourns.
notice-lawyer_skipped = The lawyer protected nobody.
notice-bouncer_skipped = The bouncer skipped.
notice-lawyer_lost_role = The lawyer lost the role.
notice-bouncer_lost_role = The bouncer lost the role.
notice-child_killed = The Child was killed.
# the quick chat game (CHAT-GAME.md)
notice-werewolf_turned = The werewolf has chosen a side.
notice-lucky_survived = Someone was lucky tonight.
notice-sergeant_promoted = The sergeant has taken over as commissar.
notice-don_promoted = The mafia has a new don.
notice-fell_asleep = Someone fell asleep for ever.
notice-took_along = The kamikaze took someone with him.
