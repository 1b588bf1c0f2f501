"""The post-game page (issue 22): one self-contained HTML file — styles inline, no script, no
font or image from elsewhere, so it opens offline — attached to the post-game thread at the
end (R-LIFE-6: roles, the draw's proof and the full log are revealed there).

- :mod:`cogs.game.page.data`: what the page says, from the stored game (the deal, the final
  state, the event log, the seed): pure, every sentence through the translator;
- :mod:`cogs.game.page.html`: the page rendered with Jinja2 (autoescaped) from
  ``templates/page.html.j2``;
- :mod:`cogs.game.page.post`: the thread's post with the file, an outbox row (db.outbox_files).
"""
