# The post-game page (cogs/game/page) and the town's picture (cogs/game/town).

## The post-game thread's post with the page
page-post = The whole game on one page: download the file and open it in a browser (it works offline).
page-file-description = The whole game: the cast, every day and night, the winner and the draw's proof.
page-game = Game #{ $number }

## The page
page-heading = The whole game, after the end
page-result = The result
page-winner = Winner: { $side }
page-winners = Winners together: { $side } and { $side1 }
page-no-winner = No winner
page-ended-by-host = The host ended the game early.
page-cast = The cast
page-col-number = No.
page-col-name = Player
page-col-role = Role · side
page-col-fate = Fate
page-col-result = Result
page-won = won
page-lost = lost
page-fate-alive = alive at the end
page-fate-gone = out of the game
page-fate-out = { $when }: { $cause }
page-timeline = Day by day, night by night
page-day = Day { $number }
page-night = Night { $number }
page-other = Other events
page-choice = { $actor } — { $verb }: { $target }
page-choice-none = { $actor } — { $verb }
page-won-line = { $winner } — { $why }.
page-quiet = Nothing happened.
page-col-voter = Who voted
page-col-vote = Against
page-vote-ordered = ordered by { $by }
page-vote-void = the vote did not count
page-tally = The count
page-tally-entry = { $who } — { $count ->
        [one] { $count } vote
       *[other] { $count } votes
    }
page-proof = The draw's proof
page-proof-explain = Before the game the bot published the commitment: a hash of the seed, the game, the role list and the players in signup order. Now the seed is revealed, and anyone can recompute both the commitment and the deal (the algorithm is in docs/draw.md of the bot's source).
page-commitment = Commitment
page-seed = Seed
page-check = Check the deal with the bot's source:
page-footer = Made by the Mafia bot from the game's log when the game ended.

## The town's picture
town-title-day = Day { $number }: the town in the morning
town-title-end = The end: every role
town-alive = in the game
town-dead = out of the game
