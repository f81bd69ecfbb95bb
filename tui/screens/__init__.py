"""Screens of the app: the scenario picker, the battle, and the dialogs (player prompt, file paths)."""
