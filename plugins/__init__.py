"""Built-in plugins: AI behaviours and house rules, written against :mod:`core.engine.hookspecs`
exactly as a third-party package would be."""
