"""Exception types. Rule refusals, bad input and plugin faults are distinct from bugs."""

from __future__ import annotations


class SlugfestError(Exception):
    """Base of every error the game reports to the user instead of a traceback."""


class IllegalAction(SlugfestError):
    """A rule refuses an action (not on the menu, out of range, not enough END...)."""


class PluginError(SlugfestError):
    """A plugin's hook implementation raised; carries the plugin's and the hook's names."""

    def __init__(self, plugin: str, hook: str, error: BaseException | str) -> None:
        self.plugin = plugin
        self.hook = hook
        self.error = error
        detail = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        super().__init__(f"plugin {plugin!r} failed in {hook}: {detail}")


class UnknownPlugin(SlugfestError):
    """A scenario or the command line named a plugin that is not installed (or is blocked)."""
