"""Delivery (DESIGN.md, "The game layer"): the only code that performs a game's Discord effects.

- :mod:`cogs.delivery.worker`: the outbox worker — claims rows with a lease (db.outbox_claims),
  delivers them per game and destination in order, games independently, retried with capped
  backoff for as long as Discord needs.
- :mod:`cogs.delivery.adapter`: what each kind of row does on Discord (posts, DMs, edits, pins,
  deletions, member roles, timeouts, overwrites, threads, the end's clean-up).
- :mod:`cogs.delivery.reconcile`: a row whose nonce window may have passed is looked for before
  it is sent again.
- :mod:`cogs.delivery.verdicts` and :mod:`cogs.delivery.alerts`: what an error means (retry,
  undeliverable, blocked until the host's fix) and what the host's channel is told.
- :mod:`cogs.delivery.views`: a post's components, rebuilt from the row's spec.
"""
