"""The Textual interface: a scenario picker and a battle screen over :mod:`core.engine.session`.

Entry points: :func:`tui.app.run` (what the ``slugfest`` command calls) and
:func:`tui.app.make_app` (the app factory shared by the command, tests and snapshot tests).
"""
