# Moderation by the chat rulebook (R-MOD): /mod, /mafia rules, /report, /complaint, detectors.

## Commands

cmd-mod =
    .name = mod
    .description = Moderation by the chat rulebook
cmd-mod-warn =
    .name = warn
    .description = Warn a member (the ladder's step)
cmd-mod-mute =
    .name = mute
    .description = Mute a member (the ladder's step)
cmd-mod-ban =
    .name = ban
    .description = Ban a member (the ladder's step)
cmd-mod-warn-opt-member =
    .name = member
    .description = Who broke the rule
cmd-mod-mute-opt-member =
    .name = member
    .description = Who broke the rule
cmd-mod-ban-opt-member =
    .name = member
    .description = Who broke the rule
cmd-mod-warn-opt-violation =
    .name = violation
    .description = Which rule was broken
cmd-mod-mute-opt-violation =
    .name = violation
    .description = Which rule was broken
cmd-mod-ban-opt-violation =
    .name = violation
    .description = Which rule was broken
cmd-mod-warn-opt-duration =
    .name = duration
    .description = Another duration for this step, e.g. 30m, 2h, 1d
cmd-mod-mute-opt-duration =
    .name = duration
    .description = Another duration for this step, e.g. 30m, 2h, 1d
cmd-mod-ban-opt-duration =
    .name = duration
    .description = A temporary ban: how long, e.g. 7d
cmd-mod-warn-opt-reason =
    .name = reason
    .description = What happened, in your words
cmd-mod-mute-opt-reason =
    .name = reason
    .description = What happened, in your words
cmd-mod-ban-opt-reason =
    .name = reason
    .description = What happened, in your words
cmd-mod-warn-opt-evidence =
    .name = evidence
    .description = A message link or an attachment's link
cmd-mod-mute-opt-evidence =
    .name = evidence
    .description = A message link or an attachment's link
cmd-mod-ban-opt-evidence =
    .name = evidence
    .description = A message link or an attachment's link
cmd-mod-pardon =
    .name = pardon
    .description = End a case's sanction now (it still counts on the ladder)
cmd-mod-pardon-opt-case =
    .name = case
    .description = The case's number
cmd-mod-history =
    .name = history
    .description = A member's cases
cmd-mod-history-opt-member =
    .name = member
    .description = Whose cases
cmd-mod-case =
    .name = case
    .description = See a case; change its reason or duration; revoke it
cmd-mod-case-opt-number =
    .name = number
    .description = The case's number
cmd-mod-case-opt-reason =
    .name = reason
    .description = A new reason
cmd-mod-case-opt-duration =
    .name = duration
    .description = A new duration from the case's start, e.g. 2h
cmd-mod-case-opt-revoke =
    .name = revoke
    .description = Revoke: lift the sanction; the case no longer counts
cmd-mod-unban =
    .name = unban
    .description = Lift a ban
cmd-mod-unban-opt-user =
    .name = user
    .description = Who is banned
cmd-mod-unban-opt-reason =
    .name = reason
    .description = Why
cmd-mod-rules =
    .name = rules
    .description = The server's rulebook: see, change, reset, export, import
cmd-mod-rules-show =
    .name = show
    .description = The server's rulebook
cmd-mod-rules-set =
    .name = set
    .description = Change a violation: its ladder, its name, retire it; or add one
cmd-mod-rules-set-opt-violation =
    .name = violation
    .description = The violation's code (a new code adds a violation)
cmd-mod-rules-set-opt-ladder =
    .name = ladder
    .description = Steps from the first offence, e.g. warn, mute 30m, ban
cmd-mod-rules-set-opt-name =
    .name = name
    .description = Its name in the server's language
cmd-mod-rules-set-opt-retired =
    .name = retired
    .description = Retire it (true) or bring it back (false)
cmd-mod-rules-reset =
    .name = reset
    .description = Undo the server's changes to the rulebook
cmd-mod-rules-reset-opt-violation =
    .name = violation
    .description = One violation (empty: the whole rulebook)
cmd-mod-rules-export =
    .name = export
    .description = The rulebook as a JSON file
cmd-mod-rules-import =
    .name = import
    .description = Replace the rulebook by a JSON file
cmd-mod-rules-import-opt-file =
    .name = file
    .description = A file made by /mod rules export (edited)
cmd-mod-settings =
    .name = settings
    .description = Moderation settings: mod-log, detectors, linked accounts
cmd-mod-settings-log =
    .name = log
    .description = The mod-log channel
cmd-mod-settings-log-opt-channel =
    .name = channel
    .description = Where cases and reports are posted
cmd-mod-settings-appeal =
    .name = appeal
    .description = How a banned member may appeal
cmd-mod-settings-appeal-opt-text =
    .name = text
    .description = Sent to a member with his ban
cmd-mod-settings-detector =
    .name = detector
    .description = Turn a detector off, or choose what it opens
cmd-mod-settings-detector-opt-name =
    .name = name
    .description = Which detector
cmd-mod-settings-detector-opt-mode =
    .name = mode
    .description = Off, open a case, or open a report
cmd-mod-settings-flood =
    .name = flood
    .description = Command flood: how many commands in how long
cmd-mod-settings-flood-opt-count =
    .name = count
    .description = More than this many commands…
cmd-mod-settings-flood-opt-seconds =
    .name = seconds
    .description = …within this many seconds
cmd-mod-settings-link =
    .name = link
    .description = Mark two accounts as one person's
cmd-mod-settings-link-opt-first =
    .name = first
    .description = One account
cmd-mod-settings-link-opt-second =
    .name = second
    .description = The other account
cmd-mod-settings-unlink =
    .name = unlink
    .description = An account is no longer marked as linked
cmd-mod-settings-unlink-opt-user =
    .name = user
    .description = The account
cmd-mafia-rules =
    .name = rules
    .description = The server's chat rulebook: violations and sanctions

choice-detector-nick_change = Nickname changed during a game
choice-detector-confusable_nick = Nickname like another player's
choice-detector-command_flood = Command flood
choice-detector-leave = Leaving a running game
choice-detector-afk = Sleeping with an active role
choice-detector-multiaccount = Linked accounts in one game
choice-detector-forward_bot = Forwarding the bot's DMs
choice-detector-cop_first_night = The commissar shooting on night 1 (quick game)
choice-detector-early_start = Start now below a full table (quick game)
choice-mode-off = Off
choice-mode-case = Open a case
choice-mode-report = Open a report

## Durations and steps

mod-unit-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
mod-unit-hours = { $count } h
mod-unit-minutes = { $count } min
mod-unit-seconds = { $count } s
mod-action-warn = warn
mod-action-ban = ban
mod-action-mute = mute { $duration }
mod-action-other-account = { $action } of the other account
mod-command-warn = /mod warn
mod-command-mute = /mod mute
mod-command-ban = /mod ban

## Violations (R-MOD)

mod-violation-ads = advertising
mod-violation-spam = spam
mod-violation-nsfw = 18+ material
mod-violation-multiaccount = playing from several accounts
mod-violation-false_report = a false report
mod-violation-nick_change = changing the nickname during a game
mod-violation-confusable_nick = the same or a confusingly similar nickname
mod-violation-forward_bot = forwarding the bot's messages
mod-violation-off_topic_judging = judging players on grounds unrelated to the game
mod-violation-disrespect_admin = inadequate reaction to warnings; insulting the administration
mod-violation-ruin = deliberately wrecking the game
mod-violation-forbidden_topics = porn, religion, politics; nation or parents
mod-violation-cop_first_night = the cop shooting on night 1 without information
mod-violation-private_play = playing in private messages, leaking one's role in voice
mod-violation-insult = insulting other participants
mod-violation-random_day_one = random voting on day 1
mod-violation-afk = sleeping with an active role
mod-violation-leave = leaving the game
mod-violation-command_flood = flooding with bot commands
mod-violation-ally_leak = exposing an ally
mod-violation-misleading = false information claimed as a town role's
mod-violation-cop_exposes_town = the cop exposing an active town role
mod-violation-against_logic = playing against logic
mod-violation-early_start = starting the game prematurely
mod-violation-role_gathering = gathering roles
mod-violation-early_reveal = revealing one's role before it is necessary
mod-violation-kamikaze_dm_mafia = the kamikaze writing to the mafia privately

## Problems of a rulebook

mod-problem-line = • { $where }: { $problem }
mod-problem-bad_duration = not a duration (write 30m, 2h, 1d12h)
mod-problem-duration_not_positive = a duration must be longer than zero
mod-problem-duration_too_long = a duration may be a year at most
mod-problem-bad_action = not a step: write warn, mute 30m or ban
mod-problem-bad_step = not a step: write warn, mute 30m or ban
mod-problem-empty_step = a step needs an action
mod-problem-duplicate_action = the same action twice in one step
mod-problem-bad_ladder = not a list of steps
mod-problem-empty_ladder = a ladder needs at least one step
mod-problem-unknown_violation = no such violation
mod-problem-unknown_step = no such step in this ladder
mod-problem-step_has_no_duration = this step has no mute, so no duration to change
mod-problem-overrides_not_mapping = the file must hold one JSON object
mod-problem-unknown_override_key = not a part of a rulebook
mod-problem-not_mapping = must be a JSON object
mod-problem-violation_exists = the rulebook has this violation already
mod-problem-bad_code = a code is lowercase Latin letters, digits and _, at most 32
mod-problem-required_violation = a false report is always a violation
mod-problem-bad_language = not a language of the bot (ru, en)
mod-problem-bad_wording = a name is 1 to 100 characters
mod-problem-naive_datetime = a time without a time zone

## Cases

mod-offence = { $offence ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $offence }th
} `{ $code }` ({ $violation })
mod-case-title = Case #{ $number }: { $action }
mod-field-member = Member
mod-field-moderator = Moderator
mod-field-violation = Violation
mod-field-step = Step
mod-field-step-value = ladder step { $step }: { $computed }
mod-auto-mute-reason = Three warns for three different violations: the automatic mute. Those warns no longer count toward another.
mod-field-until = Until
mod-field-state = State
mod-state-active = active
mod-state-expired = ended
mod-state-revoked = revoked
mod-field-reason = Reason
mod-field-evidence = Evidence
mod-field-appeal = How to appeal
mod-source-report = Opened on a report
mod-source-detector = Opened by the bot's detector
mod-appeal-default = Write to the server's moderators or its owner.
mod-dm-warn-title = You were warned on { $server }
mod-dm-mute-title = You were muted on { $server }
mod-dm-ban-title = You were banned from { $server }
mod-dm-footer = Case #{ $number }
mod-done = Case #{ $number }: { $member } — { $offence ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $offence }th
} `{ $code }` ({ $violation }): **{ $action }**.
mod-until = Until { $until }.
mod-duplicate = Case #{ $number } was opened for this a moment ago: nothing more was done.
mod-choice-next = { $label } — { $offence ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $offence }th
}: { $action }
mod-pardoned = Case #{ $number } pardoned: its sanction is over (it still counts on the ladder).
mod-unbanned = { $member } is no longer banned.
mod-not-banned = { $member } is not banned.

mod-note-longer-timeout = A longer timeout is already running: it was left as it is.
mod-note-not-member = The member is not on the server: no timeout was set.
mod-note-no-linked = No other account is marked as this member's (/mod settings link): only the main account was sanctioned.
mod-note-no-log = No mod-log channel is set (/mod settings log): nothing was posted.

mod-log-revoked = Case #{ $number } revoked by { $by }: the sanction is lifted and the case no longer counts.
mod-log-pardoned = Case #{ $number } pardoned by { $by }: the sanction is over, and the case still counts on its ladder.
mod-log-reason = Case #{ $number }: reason changed by { $by }: { $reason }
mod-log-duration = Case #{ $number }: duration changed by { $by } to { $duration }.
mod-log-ban-over = Case #{ $number }: the temporary ban is over and lifted.
mod-log-unbanned = { $member } unbanned by { $by }.

mod-refused-no-case = There is no case #{ $number } on this server.
mod-refused-not-active = Case #{ $number } is not active: nothing to end or change.
mod-refused-no-duration-case = Case #{ $number } has no mute or ban: nothing lasts.
mod-refused-already-revoked = Case #{ $number } is already revoked.
mod-refused-not-moderator = Only moderators may use this (Moderate Members or Manage Server, or the server's moderator role).
mod-refused-not-banner = Bans need the Ban Members permission.
mod-refused-not-manager = Only members with Manage Server may change this.
mod-refused-self-bot = I will not act on myself.
mod-refused-bot = Bots are not moderated by the rulebook.
mod-refused-yourself = You cannot open a case against yourself.
mod-refused-owner = The server owner is above the rulebook here: complaints about administrators go to the owner (/complaint).
mod-refused-admin = Only the server owner may sanction a member with Administrator or Manage Server. A complaint about an administrator goes to the owner privately: /complaint.
mod-refused-above-you = This member's top role is not below yours.
mod-refused-above-bot = This member's top role is not below the bot's: Discord would refuse.
mod-refused-admin-timeout = Discord does not time out administrators.
mod-refused-unknown-violation = This server's rulebook has no violation `{ $code }`.
mod-refused-wrong-kind = This is { $member }'s { $offence ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $offence }th
} `{ $code }`: the rulebook gives **{ $step }**. Use { $command }.
mod-refused-no-duration = This is { $member }'s { $offence ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $offence }th
} `{ $code }`: the step is **{ $step }**, which has no duration to change.
mod-refused-link-self = Two different accounts, please.

## History

mod-history-title = Cases ({ $count })
mod-history-empty = No cases.
mod-history-page = Page { $page } of { $pages }
mod-history-line = **#{ $number }** { $when } · { $violation } (`{ $code }`, no. { $offence }) · { $action } · { $state }

## The rulebook

mod-rules-title = The chat rulebook
mod-rules-intro = Each violation has a ladder: the n-th offence gets the n-th step (the last repeats). Three warns for three different violations give an automatic { $mute } mute; after it those three warns no longer count. A pardon ends a sanction but the case still counts on its ladder; a revoked case no longer counts.
mod-rules-line = **{ $name }** (`{ $code }`): { $ladder }
mod-rules-violations = Violations
mod-rules-violations-more = Violations (more)
mod-rules-detected = · the bot watches for it
mod-rules-allowed = Allowed (this is not private play)
mod-rules-allowed-cabinets = The criminals writing among themselves in their cabinets: the lawyer with the mafia, the mafia's other roles with the mafia.
mod-rules-allowed-cop = The cop writing privately with his assistant (the sergeant).
mod-rules-allowed-werewolf = The werewolf writing privately to the cop or to the mafia, whichever side he chooses.
mod-rules-allowed-quick = In the quick game: the commissar with the sergeant; the mafia among themselves and with the lawyer and the killer; a werewolf with the commissar or the mafia, whichever side he chooses.
mod-rules-complain-title = Complaints about the administration
mod-rules-complain = If an administrator breaks the rules himself, write to the owner with evidence: /complaint.
mod-rules-refused = The rulebook was not changed:
mod-rules-new-needs-ladder = `{ $code }` is a new violation: give its ladder.
mod-rules-too-big = The file is too big for a rulebook.
mod-rules-not-json = The file is not JSON text (UTF-8).
mod-rules-set = `{ $code }` ({ $name }): { $ladder }
mod-rules-retired = Retired: it is no longer used on this server.
mod-rules-reset-one = `{ $code }` is back to the rulebook as written.
mod-rules-reset-all = The rulebook is back as written: the server's changes are undone.
mod-rules-exported = The server's rulebook (edit it and bring it back with /mod rules import):
mod-rules-imported = Rulebook imported: { $count } violations in use.

## Settings

mod-settings-log = Cases and reports will be posted in { $channel }.
mod-settings-appeal = Banned members will be told this is how to appeal.
mod-settings-detector = { $detector }: { $mode }.
mod-settings-flood = Command flood: more than { $count } commands within { $seconds } s.
mod-settings-linked = { $first } and { $second } are marked as one person's accounts.
mod-settings-unlinked = { $user } is no longer marked as linked.

## Reports (R-MOD-2) and complaints (R-MOD-3)

cmd-report =
    .name = report
    .description = Report a rule violation to the moderators
cmd-report-opt-member =
    .name = member
    .description = Who broke the rule
cmd-report-opt-violation =
    .name = violation
    .description = Which rule
cmd-report-opt-message =
    .name = message
    .description = A link to the message, if there is one
cmd-report-opt-text =
    .name = text
    .description = What happened
cmd-report-message =
    .name = Report
cmd-complaint =
    .name = complaint
    .description = A complaint about an administrator, to the server owner privately
cmd-complaint-opt-text =
    .name = text
    .description = What happened
cmd-complaint-opt-evidence =
    .name = evidence
    .description = A link to the evidence
cmd-complaint-opt-file =
    .name = file
    .description = A screenshot or a file

report-title = Report #{ $number }
report-field-reporter = Reported by
report-field-text = What happened
report-state-upheld = Upheld by { $by }: case #{ $number }.
report-state-rejected = Found false by { $by }: case #{ $number } for the reporter.
report-uphold = Uphold
report-reject = Reject as false
report-confirm = Yes, a false report
report-confirm-question = Reject this report as false? { $member } gets a `false_report` case.
report-already-judged = This report was already judged.
report-upheld = Report upheld: case #{ $number } ({ $action }).
report-rejected = Report found false: case #{ $number } for the reporter.
report-dm-upheld = Your report on { $server } was upheld and acted on. Thank you.
report-dm-false = Your report on { $server } was found false: that is itself a violation (case #{ $number }).
report-refused-yourself = You cannot report yourself.
report-no-log = This server has no mod-log channel for reports yet: tell a moderator directly.
report-sent = Report #{ $number } went to the moderators. You will be told the outcome privately.
report-modal-title = Report a message
report-modal-violation = Which rule (its name or code)
report-modal-text = What happened (optional)
complaint-title = A complaint about an administrator on { $server }
complaint-from = From
complaint-refused-owner = You own this server: there is nobody above you to complain to.
complaint-needs-evidence = A complaint about an administrator needs evidence, as the rulebook says: attach a screenshot (`file`) or give a link (`evidence`), for example the message's link. Nothing was sent.
complaint-evidence-not-link = The evidence must be a link (https://…), for example the message's link, or attach a screenshot (`file`). Nothing was sent.

cmd-mod-warn-opt-file =
    .name = file
    .description = A screenshot or a file as evidence
cmd-mod-mute-opt-file =
    .name = file
    .description = A screenshot or a file as evidence
cmd-mod-ban-opt-file =
    .name = file
    .description = A screenshot or a file as evidence
cmd-mod-settings-show =
    .name = show
    .description = The moderation settings
mod-settings-title = Moderation settings
mod-settings-unset = not set
mod-settings-log-field = Mod-log
mod-settings-role-field = Moderators' role
mod-settings-detectors = Detectors
mod-settings-linked-field = Linked accounts

# A mute for someone not on the server (cogs.moderation.cases, cogs.moderation.returns)
mod-field-note = Note
mod-log-mute-waits = Not on the server now: the timeout is applied when the member comes back.
mod-log-mute-waits-blind = Not on the server now, and the bot cannot see members join (the Server Members intent is off in the Developer Portal): apply the timeout by hand when the member comes back.
mod-log-mute-on-return = Case #{ $number }: { $member } is back on the server; the timeout is applied.

# --- h17mod ---
# A case's effects are outbox rows (issue 17): the answer says what was ordered, the mod-log
# hears what Discord refused (cogs.moderation.case_effects, cogs.delivery.alerts)
mod-note-ordered = The bot carries it out on Discord now; anything Discord refuses is noted in the mod-log.
mod-log-dm-closed = Case #{ $number }: the member could not be told in DMs (they are closed, or the member shares no server with the bot).
mod-delivery-blocked = ⛔ { $number ->
    [0] A moderation step
   *[other] Case #{ $number }
}: the bot cannot do this on the server: { $fix } Then run any /mod command (or restart the bot): it will try again.
complaint-ordered = Your complaint is on its way to { $owner }, the server owner, privately. If the owner does not accept DMs from the bot, you will be told in your DMs.
complaint-dm-closed-later = Your complaint on { $server } did not reach { $owner }, the server owner: the owner does not accept DMs from the bot. Contact the owner another way (a friend request, another server). Nothing was posted.
mod-delivery-stuck = ⚠️ Discord has not accepted { $count ->
    [one] one moderation action
   *[other] { $count } moderation actions
} for 5 minutes ({ $what }). The bot keeps trying and will say when it is through.
mod-delivery-through = ✅ Discord accepted every moderation action that was waiting.
# --- rules-more ---
# A refused rulebook with more problems than a message holds: how many are not shown
mod-rules-more = …and { $count ->
    [one] { $count } more problem
   *[other] { $count } more problems
 }: fix the ones shown and import the file again.
